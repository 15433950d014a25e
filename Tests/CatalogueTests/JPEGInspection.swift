/// Reads a baseline JPEG as a decoder does, as far as a test of one-colour pictures needs: its segments, its
/// Huffman and quantization tables, and every block of its entropy-coded data, decoded with the file's own tables.
/// Each block's DC coefficient gives its colour; its AC coefficients are decoded too and counted.
struct JPEGInspection {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    struct Component {
        let id: UInt8
        let quantizationTable: Int
        var dcTable = 0
        var acTable = 0
    }

    private(set) var width = 0
    private(set) var height = 0
    private(set) var comments: [String] = []
    private(set) var components: [Component] = []
    /// Per component, each block's dequantized DC coefficient, in block order.
    private(set) var dcValues: [[Int]] = []
    /// How many AC coefficients were not zero, in all blocks.
    private(set) var nonZeroACCount = 0

    private var quantization: [Int: [Int]] = [:]
    private var dcCodes: [Int: [Code: UInt8]] = [:]
    private var acCodes: [Int: [Code: UInt8]] = [:]

    private struct Code: Hashable {
        let length: Int
        let bits: Int
    }

    init(_ jpeg: [UInt8]) throws {
        guard jpeg.starts(with: [0xFF, 0xD8]) else { throw Failure(description: "no SOI") }
        var offset = 2
        while true {
            guard offset + 4 <= jpeg.count, jpeg[offset] == 0xFF else { throw Failure(description: "no marker at \(offset)") }
            let marker = jpeg[offset + 1]
            let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
            guard offset + 2 + length <= jpeg.count else { throw Failure(description: "segment \(marker) runs past the end") }
            let data = Array(jpeg[offset + 4..<offset + 2 + length])
            offset += 2 + length
            switch marker {
            case 0xE0...0xEF: break
            case 0xFE: comments.append(String(decoding: data, as: UTF8.self))
            case 0xDB: readQuantization(data)
            case 0xC4: try readHuffman(data)
            case 0xC0: try readFrame(data)
            case 0xDA:
                try readScanHeader(data)
                let end = try decodeScan(jpeg, from: offset)
                guard jpeg[end...].elementsEqual([0xFF, 0xD9]) else { throw Failure(description: "no EOI right after the scan") }
                return
            default: throw Failure(description: "marker 0x\(String(marker, radix: 16)) is not one of baseline JPEG")
            }
        }
    }

    /// The colour of a block of one value, as JFIF converts YCbCr back, with each channel rounded.
    func color(ofBlock block: Int) -> [Int] {
        let (y, cb, cr) = (
            Double(dcValues[0][block]) / 8 + 128, Double(dcValues[1][block]) / 8, Double(dcValues[2][block]) / 8
        )
        return [y + 1.402 * cr, y - 0.344136 * cb - 0.714136 * cr, y + 1.772 * cb].map { Int($0.rounded()) }
    }

    private mutating func readQuantization(_ data: [UInt8]) {
        var offset = 0
        while offset + 65 <= data.count {
            quantization[Int(data[offset] & 0x0F)] = data[offset + 1..<offset + 65].map(Int.init)
            offset += 65
        }
    }

    private mutating func readHuffman(_ data: [UInt8]) throws {
        var offset = 0
        while offset + 17 <= data.count {
            let (tableClass, id) = (data[offset] >> 4, Int(data[offset] & 0x0F))
            let counts = data[offset + 1..<offset + 17].map(Int.init)
            var symbols = data[(offset + 17)...].prefix(counts.reduce(0, +))
            guard symbols.count == counts.reduce(0, +) else { throw Failure(description: "a DHT has too few symbols") }
            offset += 17 + symbols.count
            var codes: [Code: UInt8] = [:]
            var next = 0
            for (index, count) in counts.enumerated() {
                for _ in 0..<count {
                    codes[Code(length: index + 1, bits: next)] = symbols.removeFirst()
                    next += 1
                }
                next <<= 1
            }
            if tableClass == 0 { dcCodes[id] = codes } else { acCodes[id] = codes }
        }
    }

    private mutating func readFrame(_ data: [UInt8]) throws {
        guard data.count >= 6, data[0] == 8 else { throw Failure(description: "not 8-bit samples") }
        height = Int(data[1]) << 8 | Int(data[2])
        width = Int(data[3]) << 8 | Int(data[4])
        for index in 0..<Int(data[5]) {
            let at = 6 + index * 3
            guard data[at + 1] == 0x11 else { throw Failure(description: "component \(index) is subsampled") }
            components.append(Component(id: data[at], quantizationTable: Int(data[at + 2])))
        }
    }

    private mutating func readScanHeader(_ data: [UInt8]) throws {
        guard Int(data[0]) == components.count else { throw Failure(description: "the scan has not every component") }
        for index in 0..<components.count {
            guard data[1 + index * 2] == components[index].id else { throw Failure(description: "components out of order") }
            components[index].dcTable = Int(data[2 + index * 2] >> 4)
            components[index].acTable = Int(data[2 + index * 2] & 0x0F)
        }
    }

    /// Decodes every block, interleaved one of each component per MCU; returns where the scan's bytes end.
    private mutating func decodeScan(_ jpeg: [UInt8], from start: Int) throws -> Int {
        var bits = ScanBits(jpeg, at: start)
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        dcValues = Array(repeating: [], count: components.count)
        var predictions = Array(repeating: 0, count: components.count)
        for _ in 0..<blocks {
            for (index, component) in components.enumerated() {
                guard let dc = dcCodes[component.dcTable], let ac = acCodes[component.acTable],
                    let table = quantization[component.quantizationTable]
                else { throw Failure(description: "component \(index) names a table the file does not have") }
                let category = Int(try decode(&bits, dc))
                predictions[index] += Self.extend(try bits.take(category), category)
                dcValues[index].append(predictions[index] * table[0])
                var coefficient = 1
                while coefficient < 64 {
                    let symbol = Int(try decode(&bits, ac))
                    let (run, size) = (symbol >> 4, symbol & 0x0F)
                    if size == 0 {
                        guard run == 15 else { break }  // end of block
                        coefficient += 16
                        continue
                    }
                    coefficient += run
                    _ = try bits.take(size)
                    nonZeroACCount += 1
                    coefficient += 1
                }
            }
        }
        return bits.end
    }

    private func decode(_ bits: inout ScanBits, _ codes: [Code: UInt8]) throws -> UInt8 {
        var code = 0
        for length in 1...16 {
            code = code << 1 | (try bits.take(1))
            if let symbol = codes[Code(length: length, bits: code)] { return symbol }
        }
        throw Failure(description: "no Huffman code matches the bits")
    }

    /// T.81 F.2.2.1: the category's bits as a signed difference.
    private static func extend(_ value: Int, _ category: Int) -> Int {
        category == 0 ? 0 : value < 1 << (category - 1) ? value - (1 << category) + 1 : value
    }

    /// The entropy-coded bytes, a stuffed 0x00 after each 0xFF removed; the padding's ones are left unread.
    private struct ScanBits {
        private let bytes: [UInt8]
        private var offset: Int
        private var bit = 0

        init(_ bytes: [UInt8], at offset: Int) {
            self.bytes = bytes
            self.offset = offset
        }

        /// Where the next marker starts, once the last byte read is done with.
        var end: Int {
            offset + (bit == 0 ? 0 : bytes[offset] == 0xFF ? 2 : 1)
        }

        mutating func take(_ count: Int) throws -> Int {
            var value = 0
            for _ in 0..<count {
                guard offset < bytes.count, !(bytes[offset] == 0xFF && bytes[offset + 1] != 0x00) else {
                    throw Failure(description: "the scan ends in the middle of a block")
                }
                value = value << 1 | Int(bytes[offset] >> (7 - bit) & 1)
                bit += 1
                if bit == 8 {
                    offset += bytes[offset] == 0xFF ? 2 : 1
                    bit = 0
                }
            }
            return value
        }
    }
}
