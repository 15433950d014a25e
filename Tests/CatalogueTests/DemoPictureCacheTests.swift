import Foundation
@testable import OpenMarketCatalogue
import OpenMarketHTTPTestSupport
import Testing

@Suite("the demo pictures' disk cache")
struct DemoPictureCacheTests {
    static let counts = [2, 1]
    static let pictures: [[[UInt8]]] = [[PNGEncoder.signature + [1, 2], PNGEncoder.signature], [PNGEncoder.signature + [3]]]

    @Test("what is saved loads back, grouped by product")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        let file = URL(fileURLWithPath: directory.path("nested/cache.bin"))
        DemoPictureCache.save(Self.pictures, to: file)
        #expect(DemoPictureCache.load(from: file, expectedCounts: Self.counts) == Self.pictures)
    }

    @Test("a file that does not read back exactly is ignored: cut short, one byte changed, other counts, missing")
    func corruptFilesAreIgnored() throws {
        let directory = try TemporaryDirectory()
        let file = URL(fileURLWithPath: directory.path("cache.bin"))
        let good = DemoPictureCache.encode(Self.pictures.flatMap { $0 })
        var flipped = good
        flipped[good.count / 2] ^= 0x40
        for bytes in [Array(good.dropLast(1)), flipped, [], Array(good.prefix(10))] {
            try Data(bytes).write(to: file)
            #expect(DemoPictureCache.load(from: file, expectedCounts: Self.counts) == nil)
        }
        try Data(good).write(to: file)
        #expect(DemoPictureCache.load(from: file, expectedCounts: [1, 1]) == nil)
        #expect(DemoPictureCache.load(from: URL(fileURLWithPath: directory.path("none.bin")), expectedCounts: Self.counts) == nil)
    }

    @Test("the cache file is named by the drawing version and zlib's, in the user's cache folder")
    func fileName() throws {
        let name = try #require(DemoPictureCache.file?.lastPathComponent)
        #expect(name.hasPrefix("demo-pictures-v\(DemoPictures.drawingVersion)-zlib"))
    }
}
