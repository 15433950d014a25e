/// Reads the instants `OPENMARKET_NOW` accepts, as unix seconds:
/// `2024-02-07T12:34:56Z`, `2024-02-07T12:34:56.789Z`, `2024-02-07T21:34:56+09:00` (also `+0900`, `+09`),
/// seconds optional, `t`/`z`/space accepted for `T`/`Z`; and a bare day `2024-02-07`, taken as midnight in
/// Asia/Seoul because that is the calendar the emulator's dates are in.
/// A time without `Z` or an offset is refused: it would silently depend on the machine's time zone.
package enum ISO8601Instant {
    package static func parse(_ text: String) throws(ISO8601InstantError) -> Double {
        var cursor = InstantCursor(text)
        let year = try cursor.number(digits: 4, naming: "the year")
        try cursor.expect("-", after: "the year")
        let month = try cursor.number(digits: 2, naming: "the month", in: 1...12)
        try cursor.expect("-", after: "the month")
        let dayLimit = CivilCalendar.daysInMonth(month, year: Int64(year))
        let day = try cursor.number(digits: 2, naming: "the day", in: 1...dayLimit)
        let days = CivilCalendar.daysSinceEpoch(year: Int64(year), month: month, day: day)
        let midnight = Double(days * SeoulDate.secondsPerDay)
        guard cursor.hasMore else {
            return midnight - Double(SeoulDate.utcOffsetSeconds)
        }
        guard cursor.skip(oneOf: "Tt ") else {
            throw cursor.failure("expected 'T' between the date and the time")
        }
        var seconds = Double(try cursor.number(digits: 2, naming: "the hour", in: 0...23) * 3_600)
        try cursor.expect(":", after: "the hour")
        seconds += Double(try cursor.number(digits: 2, naming: "the minutes", in: 0...59) * 60)
        if cursor.skip(oneOf: ":") {
            seconds += Double(try cursor.number(digits: 2, naming: "the seconds", in: 0...59))
            if cursor.skip(oneOf: ".,") {
                seconds += try cursor.fraction()
            }
        }
        let offset = try cursor.utcOffsetSeconds()
        guard !cursor.hasMore else {
            throw cursor.failure("expected the end of the instant after the offset")
        }
        return midnight + seconds - Double(offset)
    }
}

package struct ISO8601InstantError: Error, CustomStringConvertible, Equatable {
    package let input: String
    package let problem: String

    package var description: String {
        "\"\(input)\" is not an ISO-8601 instant: \(problem); write for example 2024-02-07T12:34:56Z, "
            + "2024-02-07T21:34:56.250+09:00 or 2024-02-07 (a day in Asia/Seoul)"
    }
}

private struct InstantCursor {
    let input: String
    let scalars: [Unicode.Scalar]
    var position = 0

    init(_ input: String) {
        self.input = input
        scalars = Array(input.unicodeScalars)
    }

    var hasMore: Bool { position < scalars.count }

    func failure(_ expectation: String) -> ISO8601InstantError {
        let found = hasMore ? "'\(scalars[position])' at character \(position + 1)" : "the end of the text"
        return ISO8601InstantError(input: input, problem: "\(expectation), found \(found)")
    }

    mutating func skip(oneOf choices: String) -> Bool {
        guard hasMore, choices.unicodeScalars.contains(scalars[position]) else { return false }
        position += 1
        return true
    }

    mutating func expect(_ separator: Unicode.Scalar, after field: String) throws(ISO8601InstantError) {
        guard skip(oneOf: String(separator)) else {
            throw failure("expected '\(separator)' after \(field)")
        }
    }

    mutating func number(
        digits count: Int, naming field: String, in range: ClosedRange<Int>? = nil
    ) throws(ISO8601InstantError) -> Int {
        let start = position
        var value = 0
        for _ in 0..<count {
            guard let digit = digitHere() else {
                throw failure("expected \(count) digits for \(field)")
            }
            value = value * 10 + digit
            position += 1
        }
        if let range, !range.contains(value) {
            let written = String(String.UnicodeScalarView(scalars[start..<position]))
            let bounds = "\(pad(range.lowerBound, count)) to \(pad(range.upperBound, count))"
            throw ISO8601InstantError(input: input, problem: "\(field) must be \(bounds), found \(written)")
        }
        return value
    }

    mutating func fraction() throws(ISO8601InstantError) -> Double {
        var value = 0.0
        var scale = 0.1
        guard digitHere() != nil else {
            throw failure("expected digits after the decimal point of the seconds")
        }
        while let digit = digitHere() {
            value += Double(digit) * scale
            scale /= 10
            position += 1
        }
        return value
    }

    mutating func utcOffsetSeconds() throws(ISO8601InstantError) -> Int {
        if skip(oneOf: "Zz") {
            return 0
        }
        let sign: Int
        if skip(oneOf: "+") {
            sign = 1
        } else if skip(oneOf: "-") {
            sign = -1
        } else {
            throw failure("expected 'Z' or an offset like +09:00 after the time")
        }
        let hours = try number(digits: 2, naming: "the offset hours", in: 0...23)
        var minutes = 0
        if skip(oneOf: ":") || digitHere() != nil {
            minutes = try number(digits: 2, naming: "the offset minutes", in: 0...59)
        }
        return sign * (hours * 3_600 + minutes * 60)
    }

    private func digitHere() -> Int? {
        guard hasMore, ("0"..."9").contains(scalars[position]) else { return nil }
        return Int(scalars[position].value - ("0" as Unicode.Scalar).value)
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
