/// A snapshot's name: 1 to 64 ASCII letters, digits, `-`, `_` and `.`, starting with a letter or digit, so it
/// goes into a URL path as it is.
struct SnapshotName: Sendable, Equatable {
    static let maximumLength = 64
    static let rule = "a snapshot name is 1 to \(maximumLength) ASCII letters, digits, '-', '_' or '.', starting with "
        + "a letter or digit, such as \"before-checkout\""

    let text: String

    init(_ text: String) throws(AdminError) {
        let bytes = Array(text.utf8)
        guard (1...Self.maximumLength).contains(bytes.count), Self.isLetterOrDigit(bytes[0]),
            bytes.allSatisfy({ Self.isLetterOrDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") })
        else {
            throw .badRequest("\(Self.rule); got \"\(text)\"")
        }
        self.text = text
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
