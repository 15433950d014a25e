/// The calendar day in Asia/Seoul at an instant: the day the real server stored as `created_at` and used in
/// v2b image keys.
///
/// A fixed UTC+9 is exact here: Korea Standard Time has been UTC+9 without daylight saving since 1988, and
/// every instant this emulator sees (2021 onwards, or a chosen `OPENMARKET_NOW`) is later than that.
package struct SeoulDate: Sendable, Hashable {
    package let year: Int64
    package let month: Int
    package let day: Int

    static let utcOffsetSeconds: Int64 = 9 * 3_600
    static let secondsPerDay: Int64 = 86_400
    /// About ±317,000 years; instants beyond (and infinities) are clamped so the arithmetic cannot overflow.
    private static let secondsLimit = 1e16

    /// NaN counts as the epoch.
    package init(unixSeconds: Double) {
        let clamped = unixSeconds.isNaN ? 0 : min(max(unixSeconds, -Self.secondsLimit), Self.secondsLimit)
        let wholeSeconds = Int64(clamped.rounded(.down))
        let days = CivilCalendar.floorDivision(wholeSeconds + Self.utcOffsetSeconds, Self.secondsPerDay)
        (year, month, day) = CivilCalendar.date(daysSinceEpoch: days)
    }

    /// v2b's `created_at`: `2023-03-23T00:00:00`.
    package var v2bTimestamp: String { text(dateSeparator: UInt8(ascii: "-"), suffix: "T00:00:00") }

    /// v2a's `created_at`: `2022-05-14T00:00:00.00`.
    package var v2aTimestamp: String { text(dateSeparator: UInt8(ascii: "-"), suffix: "T00:00:00.00") }

    /// The folder in v2b image keys: `20240207`.
    package var compact: String { text(dateSeparator: nil, suffix: "") }

    /// Years outside 0...9999 (never reached by a real clock) keep all their digits and a leading `-`.
    private func text(dateSeparator: UInt8?, suffix: StaticString) -> String {
        var sink = ByteSink(capacity: 32)
        DecimalDigits.append(year, minimumWidth: 4, to: &sink)
        if let dateSeparator {
            sink.append(dateSeparator)
        }
        DecimalDigits.append(UInt64(month), minimumWidth: 2, to: &sink)
        if let dateSeparator {
            sink.append(dateSeparator)
        }
        DecimalDigits.append(UInt64(day), minimumWidth: 2, to: &sink)
        sink.append(literal: suffix)
        return sink.text
    }
}
