import OpenMarketMultipart
import OpenMarketMultipartSamples
import Testing

/// The common mistakes get a fix that names them, and a sketch of the correct body that really is one.
struct MultipartFixTests {
    static func broken(_ label: String) throws -> BrokenBodies.Broken {
        try #require(BrokenBodies.all.first { $0.label == label })
    }

    static func reading(_ broken: BrokenBodies.Broken) -> MultipartReading {
        MultipartReading(body: broken.body, contentType: broken.contentType, ending: .closeDelimiter, sniff: { _ in nil })
    }

    static func advice(_ label: String) throws -> String {
        let broken = try broken(label)
        return MultipartFix.advice(for: reading(broken), body: broken.body).joined(separator: "\n")
    }

    @Test func namesTheFixForTheCommonMistakes() throws {
        #expect(try Self.advice("no blank line before JSON content")
            .contains("end each part's headers with an empty line: \\r\\n\\r\\n between the last header and the content"))
        #expect(try Self.advice("the last delimiter lacks its two hyphens")
            .contains("end the body with the closing delimiter --X-- (the boundary with two hyphens after it)"))
        #expect(try Self.advice("the body uses another boundary than the header")
            .contains("the Content-Type names boundary \"X\" but the body's delimiter lines use \"Y\": "
                      + "send the same boundary in both (boundary=Y)"))
        let lineFeeds = try Self.advice("LF line breaks instead of CRLF")
        #expect(lineFeeds.hasPrefix("the lines end with LF (\\n) only"))
        #expect(!lineFeeds.contains("\n"), "one fix, not the delimiter's too: \(lineFeeds)")
        #expect(try Self.advice("a Content-Type without boundary")
            .contains("send Content-Type: multipart/form-data; boundary=X with the boundary"))
    }

    /// The sketch's lines with their shown `\r\n` made real, under the Content-Type it names.
    static func body(fromSketch sketch: String) throws -> (contentType: String, body: [UInt8]) {
        let lines = sketch.split(separator: "\n", omittingEmptySubsequences: false)
        let contentType = try #require(lines.first?.split(separator: ": ", maxSplits: 1).last)
        #expect(lines[1].isEmpty)
        let body = lines.dropFirst(2).filter { !$0.isEmpty }.map { line in
            #expect(line.hasSuffix("\\r\\n"), "\(line)")
            return line.dropLast(4) + "\r\n"
        }.joined()
        return (String(contentType), bytes(body))
    }

    @Test(arguments: [
        ("LF line breaks instead of CRLF", ["a": "b"]),
        ("the body uses another boundary than the header", ["a": "b"]),
        ("no blank line before JSON content", ["params": "{\"a\":1}"]),
        ("no blank line and no content before the next delimiter", ["images": ""]),
        ("the last delimiter lacks its two hyphens", ["params": "{}"]),
        ("ends right after a delimiter", ["params": "{}"]),
        ("the closing delimiter is not on a line of its own", ["params": "{}"]),
        ("a Content-Type without boundary", ["params": "{}"]),
    ])
    func sketchesABodyTheParserAccepts(label: String, contents: [String: String]) throws {
        let broken = try Self.broken(label)
        let sketch = Self.reading(broken).correctBodySketch(body: broken.body)
        #expect(!sketch.contains("could not be read"), "\(sketch)")
        let (contentType, body) = try Self.body(fromSketch: sketch)
        let parts = try MultipartParser.parse(body: body, contentType: contentType)
        #expect(Dictionary(uniqueKeysWithValues: parts.map { ($0.name, String(decoding: $0.body, as: UTF8.self)) })
                == contents, "\(sketch)")
    }

    @Test func describesContentItDoesNotShow() throws {
        let broken = try Self.broken("truncated inside an image")
        let sketch = Self.reading(broken).correctBodySketch(body: broken.body) { _ in "PNG 1×1" }
        #expect(sketch.contains("Content-Disposition: form-data; name=\"images\"; filename=\"a.png\"\\r\\n\n"))
        #expect(sketch.contains("\n<11 bytes: PNG 1×1>\\r\\n\n"))
        #expect(sketch.hasSuffix("\n--X--\\r\\n\n"))
    }

    @Test func keepsThePartsBeforeAMistakeItCannotUndo() throws {
        let broken = try Self.broken("a part without Content-Disposition")
        let sketch = Self.reading(broken).correctBodySketch(body: broken.body)
        #expect(sketch.contains("Content-Disposition: form-data; name=\"params\"\\r\\n"))
        #expect(sketch.contains("\n… bytes 90..<\(broken.body.count) could not be read as parts (missingContentDisposition)\n"))
    }

    @Test func guessesTheBoundaryFromTheFirstDelimiterLine() {
        #expect(MultipartFix.guessBoundary(in: bytes("\r\n--abc\r\nx\r\n--abc--")) == "abc")
        #expect(MultipartFix.guessBoundary(in: bytes("--abc--\n")) == "abc")
        #expect(MultipartFix.guessBoundary(in: bytes("no delimiter\r\n-\r\n")) == nil)
    }
}
