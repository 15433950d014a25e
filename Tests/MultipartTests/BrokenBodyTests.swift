import OpenMarketMultipart
import OpenMarketMultipartSamples
import Testing

/// Each broken body must fail with the expected kind at the expected byte, however it is fed.
struct BrokenBodyTests {
    @Test(arguments: BrokenBodies.inBody + BrokenBodies.inContentType)
    func failsWithKindAndOffset(broken: BrokenBodies.Broken) throws {
        let error = try #require(parseEveryWay(broken.body, contentType: broken.contentType).error)
        #expect(error.kind == broken.kind, "\(error.message)")
        #expect(error.offset == broken.offset, "\(error.message)")
        #expect(error.part == broken.part, "\(error.message)")
        #expect(!error.message.contains { $0 == "\r" || $0 == "\n" })
    }

    @Test func keepsFailingWithTheSameErrorOnceFailed() throws {
        var parser = try MultipartParser(contentType: BrokenBodies.contentType)
        #expect(throws: MultipartError.self) { try parser.feed(bytes("--X\nabc")) }
        #expect(throws: MultipartError.self) { try parser.feed(bytes("--X--")) }
        #expect(throws: MultipartError.self) { try parser.finish() }
    }
}
