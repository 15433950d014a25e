#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import COpenMarketZlib

/// The drawn demo pictures kept in one file between processes, so that a start reads some 3 MB instead of drawing
/// 162 pictures. The file's name carries the drawing version and the zlib version (zlib's output may differ between
/// versions, and the pictures must be the bytes this build draws). It is written whole to a temporary file and
/// renamed, so a reader never sees half of it; one that does not read back exactly (wrong counts, not PNG, a CRC
/// that does not match) is ignored and drawn again. The cache is a speed-up only: every failure to use it is silent.
///
/// Layout: the magic line, the picture count and each picture's length (big-endian UInt32), the pictures, then the
/// CRC-32 of everything before it.
enum DemoPictureCache {
    private static let magic = Array("OpenMarket demo pictures\n".utf8)
    /// `OPENMARKET_CACHE_DIR` puts the cache elsewhere; set to `off`, nothing is read or written.
    static let directoryVariable = "OPENMARKET_CACHE_DIR"

    static var file: URL? {
        let environment = ProcessInfo.processInfo.environment[directoryVariable]
        if environment == "off" { return nil }
        let folder = environment.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first?
                .appendingPathComponent("openmarket", isDirectory: true)
        let zlib = String(cString: zlibVersion())
        return folder?.appendingPathComponent("demo-pictures-v\(DemoPictures.drawingVersion)-zlib\(zlib).bin")
    }

    /// The pictures grouped by product, or nil when the file is missing or does not read back as `expectedCounts`.
    static func load(from file: URL, expectedCounts: [Int]) -> [[[UInt8]]]? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return decode([UInt8](data), pictureCount: expectedCounts.reduce(0, +))
            .map { DemoPictures.grouped($0, counts: expectedCounts) }
    }

    static func save(_ pictures: [[[UInt8]]], to file: URL) {
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(encode(pictures.flatMap { $0 })).write(to: file, options: .atomic)
    }

    static func encode(_ pictures: [[UInt8]]) -> [UInt8] {
        var bytes = magic
        bytes.appendBigEndian(UInt32(pictures.count))
        for picture in pictures { bytes.appendBigEndian(UInt32(picture.count)) }
        for picture in pictures { bytes += picture }
        bytes.appendBigEndian(checksum(bytes[...]))
        return bytes
    }

    static func decode(_ bytes: [UInt8], pictureCount: Int) -> [[UInt8]]? {
        var stored = ByteReader(bytes: bytes.suffix(4))
        var reader = ByteReader(bytes: bytes.dropLast(4))
        guard bytes.count >= magic.count + 8, checksum(reader.bytes) == stored.uint32(),
            reader.take(magic.count).map(Array.init) == magic, reader.uint32() == UInt32(pictureCount)
        else { return nil }
        var lengths: [Int] = []
        for _ in 0..<pictureCount {
            guard let length = reader.uint32() else { return nil }
            lengths.append(Int(length))
        }
        var pictures: [[UInt8]] = []
        for length in lengths {
            guard let picture = reader.take(length), picture.starts(with: PNGEncoder.signature) else { return nil }
            pictures.append(Array(picture))
        }
        return reader.bytes.isEmpty ? pictures : nil
    }

    private static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        UInt32(bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
    }
}

/// Reads big-endian numbers and runs of bytes from the front of a slice.
private struct ByteReader {
    var bytes: ArraySlice<UInt8>

    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard bytes.count >= count else { return nil }
        defer { bytes = bytes.dropFirst(count) }
        return bytes.prefix(count)
    }

    mutating func uint32() -> UInt32? {
        take(4).map { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }
}
