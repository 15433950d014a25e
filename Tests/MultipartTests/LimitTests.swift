import OpenMarketMultipart
import OpenMarketMultipartSamples
import Testing

struct LimitTests {
    static let contentType = "multipart/form-data; boundary=X"

    static func part(_ name: String) -> String {
        "--X\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\nv\r\n"
    }

    @Test func refusesMorePartsThanTheLimit() throws {
        let limits = MultipartLimits(maxParts: 2)
        let two = bytes(Self.part("a") + Self.part("b") + "--X--")
        #expect(parseEveryWay(two, contentType: Self.contentType, limits: limits).parts?.count == 2)
        let three = bytes(Self.part("a") + Self.part("b") + Self.part("c") + "--X--")
        let error = try #require(parseEveryWay(three, contentType: Self.contentType, limits: limits).error)
        #expect(error.kind == .tooManyParts)
        #expect(error.offset == (Self.part("a") + Self.part("b")).utf8.count)
    }

    @Test func allowsAHeaderSectionOfExactlyTheLimit() throws {
        let headers = "Content-Disposition: form-data; name=\"a\"\r\nX-Pad: 0123456789\r\n\r\n"
        let body = bytes("--X\r\n" + headers + "v\r\n--X--")
        let exact = MultipartLimits(maxPartHeaderBytes: headers.utf8.count)
        #expect(parseEveryWay(body, contentType: Self.contentType, limits: exact).parts?.count == 1)
        let under = MultipartLimits(maxPartHeaderBytes: headers.utf8.count - 1)
        let error = try #require(parseEveryWay(body, contentType: Self.contentType, limits: under).error)
        #expect(error.kind == .partHeadersTooLarge)
        #expect(error.offset == 5)
        #expect(error.partName == "a")
    }

    @Test func tellsContentFromHeadersWhenTheSectionOverflows() throws {
        let body = bytes("--X\r\nContent-Disposition: form-data; name=\"img\"\r\n") + Array(repeating: 0xFF, count: 200)
        let limits = MultipartLimits(maxPartHeaderBytes: 100)
        let error = try #require(parseEveryWay(body, contentType: Self.contentType, limits: limits).error)
        #expect(error.kind == .missingBlankLineAfterHeaders)
        #expect(error.offset == 49)
    }

    @Test func stopsReadingHeadersAtTheLimitWhateverTheStreamHolds() throws {
        var parser = try MultipartParser(contentType: Self.contentType)
        try parser.feed(bytes("--X\r\nX-Endless: "))
        var fed = 0
        let error = #expect(throws: MultipartError.self) {
            for _ in 0..<1000 {
                try parser.feed(Array(repeating: UInt8(ascii: "a"), count: 1000))
                fed += 1
            }
        }
        #expect(error?.kind == .partHeadersTooLarge)
        #expect(fed == 10)
    }

    @Test func refusesABodyLongerThanTheLimit() throws {
        let body = bytes(Self.part("a") + "--X--")
        let exact = MultipartLimits(maxBodyBytes: body.count)
        #expect(parseEveryWay(body, contentType: Self.contentType, limits: exact).parts?.count == 1)
        let under = MultipartLimits(maxBodyBytes: body.count - 1)
        let error = try #require(parseEveryWay(body, contentType: Self.contentType, limits: under).error)
        #expect(error.kind == .bodyTooLarge)
        #expect(error.offset == body.count - 1)
    }

    @Test func reportsAnEarlierErrorBeforeTheBodyLimit() throws {
        let body = bytes("--X\nrest of a long body")
        let error = try #require(
            parseEveryWay(body, contentType: Self.contentType, limits: MultipartLimits(maxBodyBytes: 8)).error)
        #expect(error.kind == .malformedDelimiterLine)
    }
}
