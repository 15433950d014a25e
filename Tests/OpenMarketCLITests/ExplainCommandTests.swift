import Foundation
import OpenMarketHTTPTestSupport
import OpenMarketMultipart
import OpenMarketMultipartSamples
import Testing

/// `openmarket explain` as a user runs it: the real binary, input on stdin or in a file, exit 0/1/2.
@Suite("openmarket explain")
struct ExplainCommandTests {
    /// A request as a proxy copies it, with CRLF or LF-only header lines.
    static func rawRequest(
        _ body: [UInt8], contentType: String, path: String = "/api/products", lineEnding: String = "\r\n",
        contentLength: Int? = nil
    ) -> [UInt8] {
        var head = ["POST \(path) HTTP/1.1", "Host: 127.0.0.1:8080"]
        if !contentType.isEmpty { head.append("Content-Type: \(contentType)") }
        head.append("Content-Length: \(contentLength ?? body.count)")
        return bytes(head.joined(separator: lineEnding) + lineEnding + lineEnding) + body
    }

    static func explain(_ arguments: [String] = [], input: [UInt8] = []) throws -> (status: Int32, output: String, errors: String) {
        try ServerProcess.run(["explain"] + arguments, input: input)
    }

    @Test("refuses every broken body given as a raw request on stdin (exit 1)", arguments: BrokenBodies.all)
    func refusesEveryBrokenBody(broken: BrokenBodies.Broken) throws {
        let result = try Self.explain(input: Self.rawRequest(broken.body, contentType: broken.contentType))
        #expect(result.status == 1, "\(result)")
        #expect(result.output.contains("REFUSED by v2b: "))
        #expect(result.output.contains("(\(broken.kind.rawValue))") || result.output.contains(": \(broken.kind.rawValue)"))
        #expect(result.errors.isEmpty)
    }

    @Test("accepts every real client variant given as a bare body in a file (exit 0)", arguments: ClientVariants.variants)
    func acceptsEveryClientVariant(variant: ClientVariants.Variant) throws {
        let directory = try TemporaryDirectory()
        let file = directory.path("body.bin")
        try Data(variant.body).write(to: URL(fileURLWithPath: file))
        let result = try Self.explain([file, "--boundary", ClientVariants.boundary])
        #expect(result.status == 0, "\(result)")
        #expect(result.output.contains("ACCEPTED by v2b: 2 part(s)"))
        #expect(!result.output.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    @Test("reads stdin with - and with no file alike, and guesses the boundary of a bare body, saying so")
    func readsStandardInput() throws {
        let body = try #require(ClientVariants.variants.first).body
        let dash = try Self.explain(["-"], input: body)
        let none = try Self.explain(input: body)
        #expect(dash.status == 0)
        #expect(dash.output == none.output)
        #expect(dash.output.hasPrefix("note: no request line and no --boundary: read as a bare body with the boundary "
                                      + "\(ClientVariants.boundary), guessed from its first line starting with --\n"))
    }

    @Test("takes a request with LF-only header lines whose Content-Length disagrees, and says so")
    func takesARequestAsCopied() throws {
        let variant = try #require(ClientVariants.variants.first)
        let input = Self.rawRequest(variant.body, contentType: variant.contentType, lineEnding: "\n", contentLength: 12)
        let result = try Self.explain(input: input)
        #expect(result.status == 0, "\(result)")
        #expect(result.output.contains("note: read as an HTTP request (POST /api/products HTTP/1.1)"))
        #expect(result.output.contains("note: its Content-Length says 12 bytes but \(variant.body.count) follow the headers"))
    }

    @Test("joins a body sent in chunks, as nc -l captures a streamed upload")
    func joinsAChunkedBody() throws {
        let variant = try #require(ClientVariants.variants.first)
        let chunks = stride(from: 0, to: variant.body.count, by: 100).map { start in
            let chunk = variant.body[start..<min(start + 100, variant.body.count)]
            return bytes(String(chunk.count, radix: 16) + "\r\n") + chunk + bytes("\r\n")
        }.joined()
        let head = "POST /api/products HTTP/1.1\r\nContent-Type: \(variant.contentType)\r\nTransfer-Encoding: chunked\r\n\r\n"
        let result = try Self.explain(input: bytes(head) + chunks + bytes("0\r\n\r\n"))
        #expect(result.status == 0, "\(result)")
        #expect(result.output.contains("note: its body was sent in chunks (Transfer-Encoding: chunked): explaining the "
                                       + "\(variant.body.count) bytes they hold"))
        let cut = try Self.explain(input: bytes(head) + chunks)
        #expect(cut.status == 1)
        #expect(cut.output.contains("the chunks are broken or cut short"))
    }

    @Test("input it cannot read: one line on stderr, nothing on stdout, exit 2", arguments: [
        (["/no/such/file"], "", "cannot read /no/such/file"),
        ([], "", "the input is empty"),
        ([], " \r\n", "the input is empty"),
        ([], "{\"name\":\"Pen\"}", "neither an HTTP request nor a multipart body"),
        ([], "POST /item HTTP/1.1\r\nContent-Type: application/json\r\n\r\n{}", "this is not a multipart body"),
    ])
    func refusesUnreadableInput(arguments: [String], input: String, message: String) throws {
        let result = try Self.explain(arguments, input: bytes(input))
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix("openmarket explain: "))
        #expect(result.errors.contains(message), "\(result.errors)")
        #expect(result.errors.filter { $0 == "\n" }.count == 1)
    }

    @Test("--api v1a accepts a body that ends after a delimiter line; v2b refuses it")
    func followsTheChosenGeneration() throws {
        let body = bytes(BrokenBodies.paramsPart + "--X\r\n")
        let input = Self.rawRequest(body, contentType: BrokenBodies.contentType, path: "/item")
        #expect(try Self.explain(["--api", "v1a"], input: input).status == 0)
        let refused = try Self.explain(["--api", "v2b"], input: input)
        #expect(refused.status == 1)
        #expect(refused.output.contains("fix: end the body with the closing delimiter --X--"))
        // v1 reads an application/json body as JSON (§6.8), so there is no multipart reading to give.
        let json = Self.rawRequest(body, contentType: "application/json", path: "/item")
        #expect(try Self.explain(["--api", "v2b"], input: json).status == 1)
        let v1 = try Self.explain(["--api", "v1a"], input: json)
        #expect(v1.status == 2)
        #expect(v1.errors.contains("v1a reads a body sent as application/json as JSON"))
        let unknown = try Self.explain(["--api", "v3"], input: input)
        #expect(unknown.status != 0 && unknown.status != 1)
    }

    @Test("--help shows an example")
    func helpShowsAnExample() throws {
        let result = try ServerProcess.run(["explain", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("openmarket explain request.txt"))
        #expect(result.output.contains("--boundary"))
    }
}
