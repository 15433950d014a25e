import Foundation
import OpenMarketHTTPTestSupport
import OpenMarketMultipartSamples
import Testing

/// What explain says a server does is what the real server does, for each generation.
@Suite("openmarket explain against a running server")
struct ExplainAgainstServerTests {
    static func post(_ body: [UInt8], contentType: String, api: String) throws -> RawResponse {
        let server = try ServerProcess(["--port", "0", "--database", ":memory:", "--api", api])
        defer { _ = server.stop() }
        let v2 = api.hasPrefix("v2")
        return try RawHTTPConnection(port: server.port).request(
            "POST", v2 ? "/api/products" : "/item",
            headers: (v2 ? [("identifier", "demo-vendor-identifier")] : []) + (contentType.isEmpty ? [] : [("Content-Type", contentType)]),
            body: body)
    }

    static func explain(_ body: [UInt8], contentType: String, api: String) throws -> (status: Int32, output: String) {
        let input = ExplainCommandTests.rawRequest(body, contentType: contentType)
        let result = try ServerProcess.run(["explain", "--api", api], input: input)
        return (result.status, result.output)
    }

    @Test("the app got: the refused body's answer, byte for byte, from v2b, v1b and v1a",
          arguments: ["v2b", "v1b", "v1a"], ["no blank line between the image headers and its bytes", "no Content-Type at all"])
    func showsTheAnswerTheAppGot(api: String, label: String) throws {
        let broken = try #require(BrokenBodies.all.first { $0.label == label })
        let answer = try Self.post(broken.body, contentType: broken.contentType, api: api)
        #expect(answer.status == 400)
        let explained = try Self.explain(broken.body, contentType: broken.contentType, api: api)
        #expect(explained.status == 1)
        #expect(explained.output.contains("\n  the app got: 400 \(answer.text)\n"), "\(answer.text)\n\(explained.output)")
    }

    /// A create whose `params` part carries a filename, as some apps sent the product JSON.
    static func paramsSentAsAFile(_ json: String) -> MultipartBuilder {
        var builder = MultipartBuilder()
        builder.addPart(name: "params", filename: "params.json", contentType: "application/json", data: bytes(json))
        builder.addFile("images", filename: "a.png", data: SampleImages.png)
        return builder
    }

    @Test("params sent as a file: v2b creates the product, and explain says it works")
    func paramsAsAFileWorksOnV2() throws {
        let builder = Self.paramsSentAsAFile(
            #"{"name":"Pen","description":"a pen","price":1000,"currency":"KRW","secret":"demo-vendor-secret"}"#)
        #expect(try Self.post(builder.finished(), contentType: builder.contentType, api: "v2b").status == 201)
        let explained = try Self.explain(builder.finished(), contentType: builder.contentType, api: "v2b")
        #expect(explained.status == 0)
        #expect(explained.output.contains(
            "part 1 (\"params\") is sent as a file (it has a filename): v2b reads its content as the product JSON all "
                + "the same, so this works"))
    }

    @Test("params on v1a: the server ignores it and asks for title, as explain says")
    func paramsIsIgnoredByV1() throws {
        let builder = Self.paramsSentAsAFile(
            #"{"title":"Pen","descriptions":"a pen","price":1000,"currency":"KRW","stock":1,"password":"pw"}"#)
        let answer = try Self.post(builder.finished(), contentType: builder.contentType, api: "v1a")
        #expect(answer.status == 400)
        #expect(answer.text.contains(#"\"title\" is missing"#))
        let explained = try Self.explain(builder.finished(), contentType: builder.contentType, api: "v1a")
        #expect(explained.status == 0)
        #expect(explained.output.contains("v1a does not read a part named \"params\""))
        #expect(explained.output.contains("(\"title\" is missing)"))
    }
}
