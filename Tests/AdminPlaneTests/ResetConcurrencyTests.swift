import Foundation
import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import Testing

/// A reset while others write and read: each request sees the store wholly before or after it.
@Suite struct ResetConcurrencyTests {
    @Test("lists during resets show whole products only, and writes after a reset count from 1")
    func atomicUnderConcurrentWriters() throws {
        let server = try LiveServer.withAdmin(.v1b)
        let port = server.port
        let listTarget = server.listTarget
        let request = { @Sendable (method: String, target: String, headers: [(String, String)], body: [UInt8]) in
            try RawHTTPConnection(port: port).request(method, target, headers: headers, body: body)
        }
        var builder = MultipartBuilder()
        for (name, value) in LiveServer.itemFields() { builder.addField(name, value) }
        builder.addFile("images[]", filename: "a.png", data: SampleImages.png)
        let createBody = builder.finished()
        let createHeaders = [("Content-Type", builder.contentType)]
        let deadline = ContinuousClock.now + .seconds(20)
        let failures = LockedList()
        let writers = 3
        DispatchQueue.concurrentPerform(iterations: writers + 1) { worker in
            do {
                if worker == writers {
                    for _ in 0..<15 where ContinuousClock.now < deadline {
                        let reset = try request("POST", "/__admin/reset", [], [])
                        if reset.status != 200 { failures.append("reset answered \(reset.status)") }
                    }
                    return
                }
                for _ in 0..<25 where ContinuousClock.now < deadline {
                    let created = try request("POST", "/item", createHeaders, createBody)
                    if created.status != 200 { failures.append("create answered \(created.status): \(created.text)") }
                    // Every product listed is whole: a reset never leaves one without its image.
                    let list = try request("GET", listTarget, [], [])
                    let items = list.json["items"] as? [[String: Any]] ?? []
                    for item in items where (item["thumbnails"] as? [String])?.count != 1 {
                        failures.append("a listed item lost its image: \(item)")
                    }
                }
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures.items.isEmpty, "\(failures.items.prefix(3))")
        // The store agrees with itself after the storm.
        let health = try server.request("GET", "/__admin/health").json["database"] as? [String: Any]
        #expect(health?["products"] as? Int == health?["images"] as? Int)
        _ = try server.request("POST", "/__admin/reset")
        #expect(try server.createAny() == 1)
    }
}

final class LockedList: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ item: String) {
        lock.withLock { stored.append(item) }
    }

    var items: [String] { lock.withLock { stored } }
}
