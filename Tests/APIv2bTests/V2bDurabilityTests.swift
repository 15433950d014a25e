import Foundation
import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import OpenMarketLocking
import OpenMarketStore
import Testing

@Suite("v2b durability and concurrency")
struct V2bDurabilityTests {
    @Test("a restart keeps products, images and vendors, and ids are never reused")
    func restart() throws {
        let server = try LiveServer(.v2b)
        let kept = try server.createdProductID()
        let removed = try server.createdProductID()
        let before = try server.request("GET", "/api/products/\(kept)")
        let imagePath = URLPath.of( before.json["thumbnail"] as? String ?? "")
        let uri = try server.request(
            "POST", "/api/products/\(removed)/archived", headers: [("identifier", LiveServer.vendorA.identifier)],
            body: Array(#"{"secret":"\#(LiveServer.vendorA.secret)"}"#.utf8)).text
        #expect(try server.request("DELETE", uri, headers: [("identifier", LiveServer.vendorA.identifier)]).status == 200)

        try server.restart()
        #expect(try server.request("GET", "/api/products/\(kept)").text == before.text)
        #expect(try server.request("GET", imagePath).body == SampleImages.png)
        let next = try server.createdProductID()
        #expect(next == removed + 1)
        let nextImages = try server.request("GET", "/api/products/\(next)").json["images"] as? [[String: Any]]
        #expect(nextImages?.first?["id"] as? Int == 3)
    }

    @Test(
        "32 concurrent clients mixing creates, patches, deletes and reads lose nothing and see no 5xx",
        .enabled(if: TestTransport.current == .socket, "each client keeps its own connection, which only a socket has"))
    func concurrentClients() throws {
        let server = try LiveServer(.v2b)
        let port = server.port
        let outcome = ConcurrentOutcome()
        let group = DispatchGroup()
        for client in 0..<32 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                do {
                    try ConcurrentOutcome.runClient(client, port: port, outcome: outcome)
                } catch {
                    outcome.fail("client \(client): \(error)")
                }
            }
        }
        #expect(group.wait(timeout: .now() + 120) == .success)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.prefix(5))")
        let expected = outcome.survivingIDs.sorted(by: >)
        let listed = try server.request("GET", "/api/products?items_per_page=1000")
        let ids = (listed.json["pages"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
        #expect(ids == expected)
        for id in expected {
            #expect(try server.request("GET", "/api/products/\(id)").json["stock"] as? Int == 42)
        }
    }
}

/// What the concurrent clients did: each creates three products, patches two, deletes one, and reads throughout.
final class ConcurrentOutcome: Sendable {
    private let failed = Locked<[String]>([])
    private let survivors = Locked<[Int]>([])

    var failures: [String] { failed.withLock { $0 } }
    var survivingIDs: [Int] { survivors.withLock { $0 } }

    func fail(_ message: String) { failed.withLock { $0.append(message) } }
    func survived(_ id: Int) { survivors.withLock { $0.append(id) } }

    static func runClient(_ client: Int, port: UInt16, outcome: ConcurrentOutcome) throws {
        let connection = try RawHTTPConnection(port: port, timeoutSeconds: 30)
        let identifier = ("identifier", LiveServer.vendorA.identifier)
        var ids: [Int] = []
        for index in 0..<3 {
            var builder = MultipartBuilder()
            builder.addField("params", LiveServer.params(name: "client \(client) item \(index)"))
            builder.addFile("images", filename: "p.jpg", data: SampleImages.jpeg(size: 4096, seed: UInt8(client)))
            let created = try connection.request(
                "POST", "/api/products", headers: [identifier, ("Content-Type", builder.contentType)], body: builder.finished())
            guard created.status == 201, let id = created.json["id"] as? Int else {
                return outcome.fail("create answered \(created.status): \(created.text)")
            }
            ids.append(id)
            let listed = try connection.request("GET", "/api/products?page_no=1&items_per_page=10")
            if listed.status >= 500 { outcome.fail("list answered \(listed.status)") }
        }
        for id in ids.prefix(2) {
            let patched = try connection.request(
                "PATCH", "/api/products/\(id)", headers: [identifier],
                body: Array(#"{"stock":42,"secret":"\#(LiveServer.vendorA.secret)"}"#.utf8))
            if patched.status != 202 { outcome.fail("patch answered \(patched.status): \(patched.text)") }
        }
        let uri = try connection.request(
            "POST", "/api/products/\(ids[2])/archived", headers: [identifier],
            body: Array(#"{"secret":"\#(LiveServer.vendorA.secret)"}"#.utf8)).text
        let deleted = try connection.request("DELETE", uri, headers: [identifier])
        if deleted.status != 200 { outcome.fail("delete answered \(deleted.status): \(deleted.text)") }
        ids.prefix(2).forEach(outcome.survived)
    }
}
