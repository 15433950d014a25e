public import Foundation

/// A wall-clock date and time as the server writes it, without a time zone.
///
/// v2b sends `"2023-03-23T00:00:00"`, v2a sent `"2022-05-14T00:00:00.00"`; both decode.
/// The server stores only the calendar day (the time is midnight, Korean local date), so a
/// fractional second is read but not kept, and encoding always writes the v2b form.
public struct ServerDateTime: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The year, e.g. `2023`.
    public let year: Int
    /// The month, `1...12`.
    public let month: Int
    /// The day of the month, `1...31`.
    public let day: Int
    /// The hour, `0...23`.
    public let hour: Int
    /// The minute, `0...59`.
    public let minute: Int
    /// The second, `0...59`.
    public let second: Int

    /// Creates a value from its components, or returns `nil` when one is out of range.
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        guard (0...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Parses `yyyy-MM-dd'T'HH:mm:ss` with an optional fraction of a second; `nil` for anything else.
    public init?(serverText: String) {
        let bytes = Array(serverText.utf8)
        let layout: [(offset: Int, separator: UInt8?)] = [
            (4, UInt8(ascii: "-")), (7, UInt8(ascii: "-")), (10, UInt8(ascii: "T")),
            (13, UInt8(ascii: ":")), (16, UInt8(ascii: ":")),
        ]
        guard bytes.count >= 19, layout.allSatisfy({ bytes[$0.offset] == $0.separator }),
              Self.isFraction(bytes[19...]),
              let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7]),
              let day = Self.number(bytes[8..<10]), let hour = Self.number(bytes[11..<13]),
              let minute = Self.number(bytes[14..<16]), let second = Self.number(bytes[17..<19])
        else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// Decodes the server's string form; a malformed string is a `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = ServerDateTime(serverText: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected a date like 2023-03-23T00:00:00, found \"\(text)\"")
        }
        self = value
    }

    /// Encodes the v2b string form, e.g. `"2023-03-23T00:00:00"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// The v2b string form, e.g. `2023-03-23T00:00:00`.
    public var description: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
            + "T\(padded(hour, 2)):\(padded(minute, 2)):\(padded(second, 2))"
    }

    /// The components for use with a `Calendar`; the server's dates are Korean local time.
    public var dateComponents: DateComponents {
        DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// Only called with at most four digits, so the value cannot overflow.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard isDigits(digits) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    private static func isDigits(_ bytes: ArraySlice<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    private static func isFraction(_ tail: ArraySlice<UInt8>) -> Bool {
        guard let dot = tail.first else { return true }
        return dot == UInt8(ascii: ".") && isDigits(tail.dropFirst())
    }
}
