/// JSON string escaping as Jackson does it: `"` and `\` escaped, control characters below 0x20 as `\b \t \n
/// \f \r` or `\u00XX` with upper-case hex (Jackson's default, `WRITE_HEX_UPPER_CASE`), and everything else
/// (Korean, emoji, `/`, DEL) as raw UTF-8.
enum JSONStringEscaping {
    private static let hexDigits: StaticString = "0123456789ABCDEF"

    static func appendQuoted(_ text: String, to buffer: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendQuoted($0, to: &buffer) }
    }

    static func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        var plainStart = 0
        for index in utf8.indices where needsEscape(utf8[index]) {
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
            appendEscape(for: utf8[index], to: &buffer)
            plainStart = index + 1
        }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart...]))
        buffer.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static func appendEscape(for byte: UInt8, to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): buffer.append(byte)
        case 0x08: buffer.append(UInt8(ascii: "b"))
        case 0x09: buffer.append(UInt8(ascii: "t"))
        case 0x0A: buffer.append(UInt8(ascii: "n"))
        case 0x0C: buffer.append(UInt8(ascii: "f"))
        case 0x0D: buffer.append(UInt8(ascii: "r"))
        default:
            buffer.append(literal: "u00")
            hexDigits.withUTF8Buffer { hex in
                buffer.append(hex[Int(byte >> 4)])
                buffer.append(hex[Int(byte & 0x0F)])
            }
        }
    }
}
