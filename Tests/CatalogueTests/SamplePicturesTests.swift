@testable import OpenMarketCatalogue
import Testing
import OpenMarketWireFormat

/// The sample pictures a test inserts or uploads (`OpenMarketEmulator.samplePNG` and `sampleJPEG`): real pictures
/// that decode to their index's colour, told apart by the image sniffer, a picture of its own per index.
@Suite struct SamplePicturesTests {
    static let indices = [0, 1, 2, 7, 255, -1, Int.max, Int.min]

    @Test("a sample PNG is 16 × 16 pixels of its index's colour, with a comment naming the index", arguments: indices)
    func png(index: Int) throws {
        let png = SamplePictures.png(index)
        #expect(ImageSniffer.mediaType(of: png) == "image/png")
        #expect(try PNGInspection.size(png) == (16, 16))
        let color = SamplePictures.color(index)
        let pixels = try PNGInspection.pixels(png)
        #expect(pixels == Array(repeating: [color.red, color.green, color.blue], count: 256).flatMap { $0 })
        #expect(PNGInspection.texts(png) == ["Comment": "OpenMarket sample picture \(index)"])
    }

    @Test("a sample JPEG decodes, block by block with its own tables, to its index's colour", arguments: indices)
    func jpeg(index: Int) throws {
        let jpeg = SamplePictures.jpeg(index)
        #expect(ImageSniffer.mediaType(of: jpeg) == "image/jpeg")
        let decoded = try JPEGInspection(jpeg)
        #expect((decoded.width, decoded.height) == (16, 16))
        #expect(decoded.comments == ["OpenMarket sample picture \(index)"])
        #expect(decoded.components.count == 3)
        #expect(decoded.dcValues.map(\.count) == [4, 4, 4], "four 8 × 8 blocks of each component")
        #expect(decoded.nonZeroACCount == 0, "one colour has no detail")
        let color = SamplePictures.color(index)
        for block in 0..<4 {
            let rgb = decoded.color(ofBlock: block)
            // YCbCr rounded to whole values comes back within 2 of each channel.
            let off = zip(rgb, [color.red, color.green, color.blue]).map { abs($0 - Int($1)) }
            #expect(off.allSatisfy { $0 <= 2 }, "block \(block): \(rgb) for \(color)")
        }
    }

    @Test("every index gives other bytes and neighbouring ones a clearly different colour; the same index the same bytes")
    func distinct() {
        let range = 0..<300
        #expect(Set(range.map(SamplePictures.png)).count == range.count)
        #expect(Set(range.map(SamplePictures.jpeg)).count == range.count)
        #expect(SamplePictures.jpeg(42) == SamplePictures.jpeg(42))
        for index in range {
            let (a, b) = (SamplePictures.color(index), SamplePictures.color(index + 1))
            let distance = abs(Int(a.red) - Int(b.red)) + abs(Int(a.green) - Int(b.green)) + abs(Int(a.blue) - Int(b.blue))
            #expect(distance > 100, "\(index): \(a) and \(b)")
        }
    }
}
