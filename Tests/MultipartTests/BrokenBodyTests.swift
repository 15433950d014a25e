import Multipart
import Testing

/// Bodies the real server refused (or would have), built byte by byte: each must fail with the
/// expected kind at the expected byte, however it is fed.
struct BrokenBodyTests {
    static let contentType = "multipart/form-data; boundary=X"
    static let paramsHeaders = "--X\r\nContent-Disposition: form-data; name=\"params\"\r\n"
    static let paramsPart = paramsHeaders + "\r\n{}\r\n"
    static let imageHeaders = "--X\r\nContent-Disposition: form-data; name=\"images\"; filename=\"a.png\"\r\n"
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x2D, 0x2D]

    struct Broken: CustomTestStringConvertible {
        var label: String
        var body: [UInt8]
        var kind: MultipartError.Kind
        var offset: Int
        var part: Int?
        var testDescription: String { label }
    }

    static let cases: [Broken] = [
        Broken(label: "no blank line between the image headers and its bytes",
               body: bytes(paramsPart + imageHeaders) + png + bytes("\r\n--X--"),
               kind: .missingBlankLineAfterHeaders, offset: (paramsPart + imageHeaders).utf8.count, part: 2),
        Broken(label: "no blank line before JSON content",
               body: bytes(paramsHeaders + "{\"a\":1}\r\n--X--"),
               kind: .missingBlankLineAfterHeaders, offset: paramsHeaders.utf8.count, part: 1),
        Broken(label: "no blank line and no content before the next delimiter",
               body: bytes(imageHeaders + "--X--"),
               kind: .missingBlankLineAfterHeaders, offset: imageHeaders.utf8.count, part: 1),
        Broken(label: "the body uses another boundary than the header",
               body: bytes("--Y\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--Y--"),
               kind: .boundaryNotFound, offset: 0),
        Broken(label: "delimiters without the -- prefix",
               body: bytes("X\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\nX--"),
               kind: .boundaryNotFound, offset: 0),
        Broken(label: "an empty body", body: [], kind: .boundaryNotFound, offset: 0),
        Broken(label: "truncated inside an image", body: bytes(paramsPart + imageHeaders + "\r\n") + png,
               kind: .missingClosingDelimiter, offset: (paramsPart + imageHeaders + "\r\n").utf8.count + png.count,
               part: 2),
        Broken(label: "the last delimiter lacks its two hyphens", body: bytes(paramsPart + "--X\r\n"),
               kind: .missingClosingDelimiter, offset: (paramsPart + "--X\r\n").utf8.count, part: 2),
        Broken(label: "ends right after a delimiter", body: bytes(paramsPart + "--X"),
               kind: .missingClosingDelimiter, offset: (paramsPart + "--X").utf8.count),
        Broken(label: "ends inside the part headers", body: bytes(imageHeaders + "Content-Type: ima"),
               kind: .missingClosingDelimiter, offset: (imageHeaders + "Content-Type: ima").utf8.count, part: 1),
        Broken(label: "the closing delimiter is not on a line of its own", body: bytes(paramsHeaders + "\r\n{}--X--"),
               kind: .missingClosingDelimiter, offset: (paramsHeaders + "\r\n{}--X--").utf8.count, part: 1),
        Broken(label: "LF line breaks instead of CRLF",
               body: bytes("--X\nContent-Disposition: form-data; name=\"a\"\n\nb\n--X--\n"),
               kind: .malformedDelimiterLine, offset: 0),
        Broken(label: "text right after a delimiter", body: bytes(paramsPart + "--Xtra\r\n"),
               kind: .malformedDelimiterLine, offset: paramsPart.utf8.count),
        Broken(label: "a part without Content-Disposition",
               body: bytes(paramsPart + "--X\r\nContent-Type: image/png\r\n\r\n") + png + bytes("\r\n--X--"),
               kind: .missingContentDisposition, offset: paramsPart.utf8.count + 5, part: 2),
        Broken(label: "a part without any header", body: bytes("--X\r\n\r\nabc\r\n--X--"),
               kind: .missingContentDisposition, offset: 5, part: 1),
        Broken(label: "a Content-Disposition without name",
               body: bytes("--X\r\nContent-Type: text/plain\r\nContent-Disposition: form-data; filename=\"a\"\r\n\r\nb\r\n--X--"),
               kind: .missingName, offset: 31, part: 1),
        Broken(label: "a Content-Disposition that is not form-data",
               body: bytes("--X\r\nContent-Disposition: attachment; name=\"a\"\r\n\r\nb\r\n--X--"),
               kind: .invalidContentDisposition, offset: 5, part: 1),
        Broken(label: "an undecodable filename*",
               body: bytes("--X\r\nContent-Disposition: form-data; name=\"a\"; filename*=UTF-8''%E2%G\r\n\r\nb\r\n--X--"),
               kind: .invalidContentDisposition, offset: 5, part: 1),
        Broken(label: "a filename* in an unknown charset",
               body: bytes("--X\r\nContent-Disposition: form-data; name=\"a\"; filename*=KOI8-R''a\r\n\r\nb\r\n--X--"),
               kind: .invalidContentDisposition, offset: 5, part: 1),
    ]

    @Test(arguments: cases)
    func failsWithKindAndOffset(broken: Broken) throws {
        let error = try #require(parseEveryWay(broken.body, contentType: Self.contentType).error)
        #expect(error.kind == broken.kind, "\(error.message)")
        #expect(error.offset == broken.offset, "\(error.message)")
        #expect(error.part == broken.part, "\(error.message)")
        #expect(!error.message.contains { $0 == "\r" || $0 == "\n" })
    }

    @Test func keepsFailingWithTheSameErrorOnceFailed() throws {
        var parser = try MultipartParser(contentType: Self.contentType)
        #expect(throws: MultipartError.self) { try parser.feed(bytes("--X\nabc")) }
        #expect(throws: MultipartError.self) { try parser.feed(bytes("--X--")) }
        #expect(throws: MultipartError.self) { try parser.finish() }
    }
}
