enum ASCII {
    static let carriageReturn = UInt8(ascii: "\r")
    static let lineFeed = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let hyphen = UInt8(ascii: "-")
    static let colon = UInt8(ascii: ":")

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }

    /// RFC 9110 `tchar`: the bytes a header or parameter name may hold.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}

func asciiCaseInsensitiveEquals(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.elementsEqual(rhs.utf8) { ASCII.lowercased($0) == ASCII.lowercased($1) }
}

/// Drops spaces and tabs from both ends.
func trimmingWhitespace<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Bytes.SubSequence {
    let start = bytes.firstIndex { !ASCII.isWhitespace($0) } ?? bytes.endIndex
    let end = bytes.lastIndex { !ASCII.isWhitespace($0) }.map { bytes.index(after: $0) } ?? start
    return bytes[start..<end]
}
