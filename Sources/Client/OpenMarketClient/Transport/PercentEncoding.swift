/// Percent-encoding rules of RFC 3986, in plain Swift.
enum PercentEncoding {
    /// Encodes everything but unreserved characters, so `+`, `&` and `=` in a search text stay literal
    /// (a Spring server reads a raw `+` in a query as a space).
    static func queryComponent(_ value: String) -> String {
        var result = ""
        for byte in value.utf8 {
            if isUnreserved(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0x0F)
            }
        }
        return result
    }

    /// Whether `path` is an absolute, already percent-encoded URI path: it starts with `/`, has
    /// something after it, and holds only path characters and well-formed `%XX` escapes.
    static func isAbsolutePath(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        guard bytes.count > 1, bytes[0] == UInt8(ascii: "/") else { return false }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2])
                else { return false }
                index += 3
            } else {
                guard isUnreserved(byte) || pathPunctuation.contains(byte) else { return false }
                index += 1
            }
        }
        return true
    }

    /// `/` plus RFC 3986 `sub-delims`, `:` and `@`.
    private static let pathPunctuation = Set("/!$&'()*+,;=:@".utf8)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    private static func hexDigit(_ nibble: UInt8) -> String {
        String(nibble, radix: 16, uppercase: true)
    }
}
