/// Writes a baseline JPEG (JFIF, 8-bit YCbCr, no subsampling) of one colour, for sample pictures that tests insert
/// and upload: every decoder reads baseline JPEG, and a single colour needs no DCT. A block of one value has only a
/// DC coefficient, 8 × the level-shifted value (ITU-T T.81 A.3.3), which a quantizer of 8 makes the value itself;
/// all AC coefficients are zero, so every block is its DC difference and an end-of-block.
enum SolidColorJPEG {
    /// The DC difference categories 0 to 11 with the code lengths of T.81's table K.3 (luminance DC).
    private static let dcTable = HuffmanTable(
        codeCounts: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], symbols: Array(0...11))
    /// Only end-of-block (run 0, size 0), one code of one bit: no block has an AC coefficient.
    private static let acTable = HuffmanTable(codeCounts: [1] + Array(repeating: 0, count: 15), symbols: [0x00])
    private static let quantizer: UInt8 = 8

    /// `comment` goes into a COM segment as its UTF-8 bytes (at most 65,533).
    static func encode(red: UInt8, green: UInt8, blue: UInt8, width: Int, height: Int, comment: String) -> [UInt8] {
        precondition((1...65_535).contains(width) && (1...65_535).contains(height), "a JPEG is 1 to 65535 pixels a side")
        var jpeg: [UInt8] = [0xFF, 0xD8]  // SOI
        jpeg.appendSegment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])  // 1.01, aspect 1:1, no thumbnail
        jpeg.appendSegment(0xFE, Array(comment.utf8))
        jpeg.appendSegment(0xDB, [0x00] + Array(repeating: quantizer, count: 64))  // table 0, 8-bit entries
        var frame: [UInt8] = [8]  // sample precision
        frame.appendBigEndian16(height)
        frame.appendBigEndian16(width)
        frame.append(3)
        for component in 1...3 {
            frame += [UInt8(component), 0x11, 0]  // 1×1 sampling, quantization table 0
        }
        jpeg.appendSegment(0xC0, frame)  // SOF0: baseline
        jpeg.appendSegment(0xC4, [0x00] + dcTable.specification)  // DC table 0
        jpeg.appendSegment(0xC4, [0x10] + acTable.specification)  // AC table 0
        jpeg.appendSegment(0xDA, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0])  // every component on tables 0, spectrum 0...63

        let levels = luminanceAndChroma(red: red, green: green, blue: blue).map { Int($0) - 128 }
        var bits = EntropyBits()
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        for block in 0..<blocks {
            for level in levels {
                // The first block's DC difference is its value (the predictor starts at 0), each later one's is 0.
                let difference = block == 0 ? level * 8 / Int(quantizer) : 0
                let category = difference == 0 ? 0 : Int.bitWidth - difference.magnitude.leadingZeroBitCount
                bits.append(dcTable.code(for: UInt8(category)))
                // A negative difference is sent as its category's low bits of difference - 1 (T.81 F.1.2.1.1).
                let extra = difference > 0 ? difference : difference - 1
                bits.append((UInt32(truncatingIfNeeded: extra) & ((1 << category) - 1), category))
                bits.append(acTable.code(for: 0x00))
            }
        }
        jpeg += bits.finished()
        jpeg += [0xFF, 0xD9]  // EOI
        return jpeg
    }

    /// JFIF's conversion, rounded to whole 8-bit values.
    private static func luminanceAndChroma(red: UInt8, green: UInt8, blue: UInt8) -> [UInt8] {
        let (r, g, b) = (Double(red), Double(green), Double(blue))
        return [
            0.299 * r + 0.587 * g + 0.114 * b,
            -0.168736 * r - 0.331264 * g + 0.5 * b + 128,
            0.5 * r - 0.418688 * g - 0.081312 * b + 128,
        ].map { UInt8(min(max($0.rounded(), 0), 255)) }
    }
}

/// A Huffman table as a DHT segment gives it, with its canonical codes (T.81 C.2: each length's codes count on from
/// the previous length's, shifted).
private struct HuffmanTable {
    /// How many codes have each length from 1 to 16 bits.
    let codeCounts: [UInt8]
    let symbols: [UInt8]
    private let codes: [UInt8: (bits: UInt32, length: Int)]

    init(codeCounts: [UInt8], symbols: [UInt8]) {
        precondition(codeCounts.count == 16 && codeCounts.reduce(0) { $0 + Int($1) } == symbols.count)
        self.codeCounts = codeCounts
        self.symbols = symbols
        var codes: [UInt8: (UInt32, Int)] = [:]
        var next: UInt32 = 0
        var remaining = symbols[...]
        for (index, count) in codeCounts.enumerated() {
            for _ in 0..<count {
                codes[remaining.removeFirst()] = (next, index + 1)
                next += 1
            }
            next <<= 1
        }
        self.codes = codes
    }

    var specification: [UInt8] {
        codeCounts + symbols
    }

    func code(for symbol: UInt8) -> (bits: UInt32, length: Int) {
        codes[symbol]!  // only this file asks, for the symbols its tables hold
    }
}

/// The entropy-coded segment: bits most significant first, a 0x00 stuffed after every 0xFF byte, the last byte
/// padded with ones (T.81 F.1.2.3, B.1.1.5).
private struct EntropyBits {
    private var bytes: [UInt8] = []
    private var pending: UInt32 = 0
    private var pendingCount = 0

    mutating func append(_ code: (bits: UInt32, length: Int)) {
        for shift in stride(from: code.length - 1, through: 0, by: -1) {
            pending = pending << 1 | (code.bits >> shift & 1)
            pendingCount += 1
            if pendingCount == 8 {
                flush()
            }
        }
    }

    mutating func finished() -> [UInt8] {
        while pendingCount != 0 {
            append((1, 1))
        }
        return bytes
    }

    private mutating func flush() {
        let byte = UInt8(pending)
        bytes.append(byte)
        if byte == 0xFF {
            bytes.append(0x00)
        }
        (pending, pendingCount) = (0, 0)
    }
}

extension [UInt8] {
    /// A marker segment: 0xFF, the marker, the length (its two bytes included), the data.
    fileprivate mutating func appendSegment(_ marker: UInt8, _ data: [UInt8]) {
        precondition(data.count <= 65_533, "a JPEG segment holds at most 65533 bytes")
        append(contentsOf: [0xFF, marker])
        appendBigEndian16(data.count + 2)
        append(contentsOf: data)
    }

    fileprivate mutating func appendBigEndian16(_ value: Int) {
        append(contentsOf: [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
}
