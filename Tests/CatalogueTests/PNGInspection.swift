import COpenMarketZlib
import Testing

/// Reads a PNG the way a decoder starts to: the signature, the IHDR chunk, and the IDAT data inflated by zlib.
enum PNGInspection {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func size(_ png: [UInt8]) throws -> (width: Int, height: Int) {
        guard png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Failure(description: "no PNG signature") }
        guard png.count > 33, Array(png[12..<16]) == Array("IHDR".utf8), bigEndian(png, at: 8) == 13 else {
            throw Failure(description: "the first chunk is not a 13-byte IHDR")
        }
        guard png[24] == 8, png[25] == 2 else { throw Failure(description: "not 8-bit RGB") }
        return (bigEndian(png, at: 16), bigEndian(png, at: 20))
    }

    /// The concatenated IDAT chunks, inflated; fails unless zlib finds a complete, valid stream.
    static func inflatedImageData(_ png: [UInt8]) throws -> [UInt8] {
        var compressed: [UInt8] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = bigEndian(png, at: offset)
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            if type == "IDAT" { compressed += png[offset + 8..<offset + 8 + length] }
            offset += 12 + length
        }
        var capacity = uLong(8 << 20)
        var output = [UInt8](repeating: 0, count: Int(capacity))
        let status = uncompress(&output, &capacity, compressed, uLong(compressed.count))
        guard status == Z_OK else { throw Failure(description: "zlib uncompress failed with \(status)") }
        return Array(output.prefix(Int(capacity)))
    }

    /// The text of each tEXt chunk, by keyword.
    static func texts(_ png: [UInt8]) -> [String: String] {
        var texts: [String: String] = [:]
        var offset = 8
        while offset + 8 <= png.count {
            let length = bigEndian(png, at: offset)
            if png[offset + 4..<offset + 8].elementsEqual("tEXt".utf8) {
                let data = png[offset + 8..<offset + 8 + length]
                let keyword = data.prefix { $0 != 0 }
                texts[String(decoding: keyword, as: UTF8.self)] = String(decoding: data.dropFirst(keyword.count + 1), as: UTF8.self)
            }
            offset += 12 + length
        }
        return texts
    }

    /// The RGB bytes, row after row, with the rows' Sub and Up filters undone (the only ones the encoder uses).
    static func pixels(_ png: [UInt8]) throws -> [UInt8] {
        let (width, height) = try size(png)
        let filtered = try inflatedImageData(png)
        let stride = width * 3
        guard filtered.count == (stride + 1) * height else { throw Failure(description: "the image data has the wrong size") }
        var pixels: [UInt8] = []
        for row in 0..<height {
            let start = row * (stride + 1)
            for column in 0..<stride {
                let byte = filtered[start + 1 + column]
                switch filtered[start] {
                case 0: pixels.append(byte)
                case 1: pixels.append(byte &+ (column >= 3 ? pixels[pixels.count - 3] : 0))
                case 2: pixels.append(byte &+ (row > 0 ? pixels[pixels.count - stride] : 0))
                case let filter: throw Failure(description: "row \(row) has filter \(filter), which this reader does not undo")
                }
            }
        }
        return pixels
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> Int {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
}
