import Foundation
import OpenMarketAPI
import OpenMarketHTTPTestSupport
import Testing

@Suite("openmarket serve --api")
struct GenerationSelectionTests {
    @Test("a database keeps the generation it was created with; another --api is refused with a clear message")
    func generationMismatch() throws {
        let directory = try TemporaryDirectory()
        let database = directory.path("market.sqlite")
        let server = try ServerProcess(["--port", "0", "--database", database])
        #expect(server.stop() == 0)
        let refused = try ServerProcess.run(["--api", "v1b", "--port", "0", "--database", database])
        #expect(refused.status != 0)
        #expect(refused.output.contains("created for API generation v2b and cannot serve v1b"), "\(refused.output)")
        #expect(refused.output.contains("--api v2b"))
    }

    @Test("--api v1a serves v1's list and Vapor's errors; v1 has no vendors and no health check")
    func v1a() throws {
        let server = try ServerProcess(["--api", "v1a", "--port", "0", "--database", ":memory:", "--vendor", "a:b:c"])
        #expect(server.startupOutput.contains("openmarket v1a listening"))
        #expect(!server.startupOutput.contains("demo vendor"))
        let connection = try RawHTTPConnection(port: server.port)
        #expect(try connection.request("GET", "/items/1").text == #"{"page":1,"items":[]}"#)
        let health = try connection.request("GET", "/healthChecker")
        #expect(health.status == 404)
        #expect(health.keyOrder == ["error", "reason"])
        #expect(server.stop() == 0)
        #expect(server.standardError.contains("--vendor is ignored"))
    }

    @Test("OPENMARKET_API=v2a serves v2a's health check and snake_case pages")
    func v2a() throws {
        let server = try ServerProcess(["--port", "0", "--database", ":memory:"], environment: ["OPENMARKET_API": "v2a"])
        #expect(server.startupOutput.contains("openmarket v2a listening"))
        #expect(server.startupOutput.contains("demo vendor"))
        let connection = try RawHTTPConnection(port: server.port)
        #expect(try connection.request("GET", "/healthChecker").text == "\"OK\"")
        let page = try connection.request("GET", "/api/products")
        #expect(page.keyOrder.first == "page_no")
        #expect(page.keyOrder.contains("last_page"))
    }

    @Test("openmarket generations lists Generation.all, newest first, with family and host, and marks the default")
    func listed() throws {
        let listed = try ServerProcess.run(["generations"])
        #expect(listed.status == 0)
        let lines = listed.output.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(lines.map { $0.first } == Generation.all.map(\.name))
        #expect(lines.map { $0.dropFirst(2).first } == Generation.all.map(\.host))
        #expect(lines.map { $0.dropFirst().first } == Generation.all.map { $0.usesVendors ? "spring" : "vapor" })
        #expect(lines.filter { $0.last == "default" }.map { $0.first } == [Generation.default.name])
    }
}
