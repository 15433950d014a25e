/// Unix seconds as an ISO 8601 instant in UTC with milliseconds, `2024-02-07T03:00:00.000Z`: the form HAR files
/// and JavaScript's `Date` read.
package enum UTCTimestamp {
    package static func format(_ seconds: Double) -> String {
        let milliseconds = Int64((seconds * 1000).rounded(.down))
        let days = CivilCalendar.floorDivision(milliseconds, 86_400_000)
        let withinDay = milliseconds - days * 86_400_000
        let (year, month, day) = CivilCalendar.date(daysSinceEpoch: days)
        let hour = withinDay / 3_600_000
        let minute = withinDay / 60_000 % 60
        let second = withinDay / 1000 % 60
        return "\(pad(year, 4))-\(pad(Int64(month), 2))-\(pad(Int64(day), 2))T\(pad(hour, 2)):\(pad(minute, 2)):"
            + "\(pad(second, 2)).\(pad(withinDay % 1000, 3))Z"
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
