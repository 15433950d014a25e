/// Decodes an RFC 8187 (formerly RFC 5987) extended parameter value such as
/// `UTF-8''%ED%95%9C.jpg`: charset, optional language, then percent-encoded bytes.
/// Returns nil when the value is malformed or its charset is neither UTF-8 nor ISO-8859-1.
func decodeExtendedParameter(_ text: String) -> String? {
    let fields = text.utf8.split(separator: UInt8(ascii: "'"), maxSplits: 2, omittingEmptySubsequences: false)
    guard fields.count == 3, let bytes = percentDecoded(fields[2]) else { return nil }
    switch String(decoding: fields[0].map(ASCII.lowercased), as: UTF8.self) {
    case "utf-8": return decodedUTF8(bytes)
    case "iso-8859-1": return decodedLatin1(bytes)
    default:
        return nil
    }
}

private func percentDecoded(_ text: some Collection<UInt8>) -> [UInt8]? {
    var bytes: [UInt8] = []
    var iterator = text.makeIterator()
    while let byte = iterator.next() {
        guard byte == UInt8(ascii: "%") else {
            bytes.append(byte)
            continue
        }
        guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
            return nil
        }
        bytes.append(high << 4 | low)
    }
    return bytes
}

private func hexValue(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
    default: return nil
    }
}
