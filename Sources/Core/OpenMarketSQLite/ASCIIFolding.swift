/// What `contains_text` compares: ASCII letters in either case, every other byte as it is. Shared with the store's
/// in-memory search index, which must answer exactly as the SQL does.
package enum ASCIIFolding {
    /// Byte by byte: in UTF-8 a character's first byte never equals a later byte of another character, and the
    /// ASCII letters folded here are never part of a longer character, so matching bytes is matching characters.
    package static func contains(_ text: UnsafeBufferPointer<UInt8>, _ part: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !part.isEmpty else { return true }
        guard text.count >= part.count, let first = part.first.map(folded) else { return false }
        var start = 0
        while start <= text.count - part.count {
            if folded(text[start]) == first {
                var offset = 1
                while offset < part.count, folded(text[start + offset]) == folded(part[offset]) { offset += 1 }
                if offset == part.count { return true }
            }
            start += 1
        }
        return false
    }

    /// A–Z as a–z; every other byte as it is.
    package static func folded(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
