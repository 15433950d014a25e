// Client bytes quoted into error messages must stay on one line, be printable and stay short,
// because the messages go verbatim into 400 response bodies.

/// `bytes` double-quoted with `"`, `\`, CR, LF, tab and unprintable bytes escaped, cut after `limit` bytes
/// (then followed by `…`).
func quotedExcerpt(_ bytes: some Collection<UInt8>, limit: Int = 40) -> String {
    let shown = Array(bytes.prefix(limit))
    var text = "\""
    var index = 0
    while index < shown.count {
        let byte = shown[index]
        if byte >= 0x80, let (scalar, length) = printableScalar(in: shown, at: index) {
            text.unicodeScalars.append(scalar)
            index += length
            continue
        }
        text += escaped(byte)
        index += 1
    }
    text += "\""
    return shown.count < bytes.count ? text + "…" : text
}

/// `text` quoted like `quotedExcerpt`, for names and filenames.
func quoted(_ text: String) -> String {
    quotedExcerpt(text.utf8, limit: 80)
}

private func escaped(_ byte: UInt8) -> String {
    switch byte {
    case UInt8(ascii: "\""): return "\\\""
    case UInt8(ascii: "\\"): return "\\\\"
    case ASCII.carriageReturn: return "\\r"
    case ASCII.lineFeed: return "\\n"
    case ASCII.tab: return "\\t"
    case 0x20..<0x7F: return String(Unicode.Scalar(byte))
    default:
        let digits = Array("0123456789ABCDEF")
        return "\\x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }
}

/// The multi-byte UTF-8 scalar starting at `index` and its length, when it is valid and visible.
private func printableScalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
    let length: Int
    switch bytes[index] {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return nil
    }
    guard index + length <= bytes.count else { return nil }
    var iterator = bytes[index..<(index + length)].makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse:
        return nil
    default:
        return (scalar, length)
    }
}
