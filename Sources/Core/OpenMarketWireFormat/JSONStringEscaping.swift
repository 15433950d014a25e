/// JSON string escaping as Jackson does it: `"` and `\` escaped, control characters below 0x20 as `\b \t \n
/// \f \r` or `\u00XX` with upper-case hex (Jackson's default, `WRITE_HEX_UPPER_CASE`), and everything else
/// (Korean, emoji, `/`, DEL) as raw UTF-8.
enum JSONStringEscaping {
    private static let hexDigits: StaticString = "0123456789ABCDEF"

    static func appendQuoted(_ text: String, to sink: inout ByteSink) {
        // Native strings hand out their UTF-8 in place; only bridged ones need the copy `withUTF8` makes.
        let written: Void? = text.utf8.withContiguousStorageIfAvailable { appendQuoted($0, to: &sink) }
        if written == nil {
            var contiguous = text
            contiguous.withUTF8 { appendQuoted($0, to: &sink) }
        }
    }

    private static func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>, to sink: inout ByteSink) {
        sink.append(UInt8(ascii: "\""))
        defer { sink.append(UInt8(ascii: "\"")) }
        guard let start = utf8.baseAddress else { return }
        var plainStart = 0
        var index = 0
        while index < utf8.count {
            if index + 8 <= utf8.count, !mayNeedEscape(UnsafeRawPointer(start + index)) {
                index += 8
                continue
            }
            if needsEscape(utf8[index]) {
                sink.append(UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
                appendEscape(for: utf8[index], to: &sink)
                plainStart = index + 1
            }
            index += 1
        }
        sink.append(UnsafeBufferPointer(rebasing: utf8[plainStart...]))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether any of 8 bytes may need escaping, tested on them at once ("SIMD within a register"): text is
    /// mostly plain, so most blocks are skipped without a look at each byte. No false negatives.
    @inline(__always)
    private static func mayNeedEscape(_ block: UnsafeRawPointer) -> Bool {
        let word = block.loadUnaligned(as: UInt64.self)
        // A byte below 0x20 (the test is exact for any bound up to 0x80): its subtraction borrows into bit 7.
        let control = (word &- ones &* 0x20) & ~word & highBits
        let quote = containsZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\""))))
        let backslash = containsZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
        return control | quote | backslash != 0
    }

    @inline(__always)
    private static func containsZeroByte(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & highBits
    }

    private static func appendEscape(for byte: UInt8, to sink: inout ByteSink) {
        sink.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): sink.append(byte)
        case 0x08: sink.append(UInt8(ascii: "b"))
        case 0x09: sink.append(UInt8(ascii: "t"))
        case 0x0A: sink.append(UInt8(ascii: "n"))
        case 0x0C: sink.append(UInt8(ascii: "f"))
        case 0x0D: sink.append(UInt8(ascii: "r"))
        default:
            sink.append(literal: "u00")
            hexDigits.withUTF8Buffer { hex in
                sink.append(hex[Int(byte >> 4)])
                sink.append(hex[Int(byte & 0x0F)])
            }
        }
    }
}
