import OpenMarketMultipart
import OpenMarketMultipartSamples
import OpenMarketWireFormat
import Testing

struct ChunkingTests {
    /// Large content crosses many chunks, of sizes below and above the parser's small-append threshold.
    @Test(arguments: [1, 7, 4095, 4096, 5000, 16384, 70000])
    func largeContentSurvivesAnyChunkSize(chunkSize: Int) throws {
        var random = SplitMix64(seed: UInt64(chunkSize))
        let image = (0..<60000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let body = bytes("--X\r\nContent-Disposition: form-data; name=\"images\"; filename=\"a.jpg\"\r\n\r\n") + image
            + bytes("\r\n--X\r\nContent-Disposition: form-data; name=\"params\"\r\n\r\n{}\r\n--X--")
        let pieces = stride(from: 0, to: body.count, by: chunkSize).map { $0..<min($0 + chunkSize, body.count) }
        let parts = try parse(body, contentType: "multipart/form-data; boundary=X", pieces: pieces).get()
        #expect(parts.map(\.body) == [image, bytes("{}")])
    }
}
