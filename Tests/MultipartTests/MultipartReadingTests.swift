import OpenMarketMultipart
import Testing

/// The reading of a body for people: ranges that point at the right bytes, and the refusal as the parser made it.
@Suite struct MultipartReadingTests {
    static let body = Array((
        "--XyZ\r\nContent-Disposition: form-data; name=\"params\"\r\nContent-Type: application/json\r\n\r\n{\"a\":1}\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"images\"; filename=\"a.png\"\r\nContent-Type: image/jpeg\r\n\r\n"
            + "PNGDATA\r\n--XyZ--\r\n").utf8)

    @Test func partsWithTheirRanges() throws {
        let reading = MultipartReading(
            body: Self.body, contentType: "multipart/form-data; boundary=XyZ", ending: .closeDelimiter,
            sniff: { $0.starts(with: Array("PNG".utf8)) ? "image/png" : nil })
        #expect(reading.boundary == "XyZ")
        #expect(reading.rejection == nil)
        #expect(reading.parts.count == 2)
        let image = try #require(reading.parts.last)
        #expect(image.name == "images")
        #expect(image.filename == "a.png")
        #expect(image.declaredContentType == "image/jpeg")
        #expect(image.sniffedContentType == "image/png")
        #expect(String(decoding: Self.body[image.bodyRange], as: UTF8.self) == "PNGDATA")
        #expect(image.size == 7)
        let head = String(decoding: Self.body[image.headerRange], as: UTF8.self)
        #expect(head == "Content-Disposition: form-data; name=\"images\"; filename=\"a.png\"\r\nContent-Type: image/jpeg\r\n\r\n")
        let params = try #require(reading.parts.first)
        #expect(params.headerRange.lowerBound == 7)
    }

    @Test func aRefusedBodySaysWhereAndWhy() throws {
        let cut = Array(Self.body.prefix(60))
        let reading = MultipartReading(
            body: cut, contentType: "multipart/form-data; boundary=XyZ", ending: .closeDelimiter, sniff: { _ in nil })
        let rejection = try #require(reading.rejection)
        #expect(reading.parts.isEmpty)
        #expect(rejection.message.isEmpty == false)
        #expect(rejection.offset != nil)
    }

    @Test func aContentTypeWithoutBoundary() throws {
        let reading = MultipartReading(
            body: Self.body, contentType: "multipart/form-data", ending: .closeDelimiter, sniff: { _ in nil })
        #expect(reading.boundary == nil)
        #expect(try #require(reading.rejection).kind == .missingBoundary)
    }
}
