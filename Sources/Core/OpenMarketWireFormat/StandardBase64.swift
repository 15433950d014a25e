/// Standard base64 (RFC 4648 §4: `+` and `/`, padded with `=` to a multiple of four characters), as Foundation's
/// `JSONEncoder` writes `Data` and as Vapor's decoder took it. Nothing else is skipped or guessed: no line breaks,
/// no URL-safe alphabet, no missing padding, so a client learns exactly where its text went wrong.
package enum StandardBase64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The value of each byte in the alphabet; -1 for every other byte.
    private static let values: [Int8] = {
        var values = [Int8](repeating: -1, count: 256)
        for (value, byte) in alphabet.enumerated() {
            values[Int(byte)] = Int8(value)
        }
        return values
    }()

    /// Padded standard base64 of `bytes`, as `decode` reads it back.
    package static func encode(_ bytes: some Collection<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next()
            let third = iterator.next()
            let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            output.append(alphabet[Int(group >> 18 & 63)])
            output.append(alphabet[Int(group >> 12 & 63)])
            output.append(second == nil ? UInt8(ascii: "=") : alphabet[Int(group >> 6 & 63)])
            output.append(third == nil ? UInt8(ascii: "=") : alphabet[Int(group & 63)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    package static func decode(_ text: String) throws(Base64Error) -> [UInt8] {
        let utf8 = text.utf8
        let count = utf8.count
        let padding = min(utf8.reversed().prefix(2).prefix { $0 == UInt8(ascii: "=") }.count, 2)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count / 4 * 3)
        var group: UInt32 = 0
        for (offset, byte) in utf8.prefix(count - padding).enumerated() {
            let value = values[Int(byte)]
            guard value >= 0 else {
                throw byte == UInt8(ascii: "=") ? .misplacedPadding(at: offset) : .character(byte, at: offset)
            }
            group = group << 6 | UInt32(value)
            if offset % 4 == 3 {
                bytes += [UInt8(group >> 16 & 0xFF), UInt8(group >> 8 & 0xFF), UInt8(group & 0xFF)]
                group = 0
            }
        }
        // After the characters, so that a wrong alphabet or a data: URL is named rather than a length.
        guard count % 4 == 0 else { throw .length(count) }
        // One `=` leaves 18 bits (two bytes and two spare bits), two leave 12 (one byte and four).
        switch padding {
        case 1: bytes += [UInt8(group >> 10 & 0xFF), UInt8(group >> 2 & 0xFF)]
        case 2: bytes.append(UInt8(group >> 4 & 0xFF))
        default: break
        }
        return bytes
    }
}

/// Why a text is not standard base64, e.g. `"-" at offset 12 is not in the standard base64 alphabet …`.
package enum Base64Error: Error, Equatable, CustomStringConvertible {
    case length(Int)
    case character(UInt8, at: Int)
    case misplacedPadding(at: Int)

    package var description: String {
        switch self {
        case .length(let count):
            return "its length (\(count) characters) is not a multiple of 4; standard base64 pads the end with \"=\""
        case .character(let byte, let offset):
            let shown = MessageQuoting.quoted(String(decoding: [byte], as: UTF8.self))
            let hint = byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                ? " (that is base64url: use \"+\" and \"/\" instead of \"-\" and \"_\")"
                : byte == UInt8(ascii: ":") ? " (send only the base64 text after the comma of a data: URL)" : ""
            return "\(byte < 0x80 ? shown : "a non-ASCII byte") at offset \(offset) is not in the standard base64 "
                + "alphabet A-Z a-z 0-9 + /\(hint)"
        case .misplacedPadding(let offset):
            return "\"=\" at offset \(offset) is padding before the end; \"=\" may only end the text"
        }
    }
}
