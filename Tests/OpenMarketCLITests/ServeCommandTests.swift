import Foundation
import OpenMarketHTTPTestSupport
import Testing

@Suite("openmarket serve, as a process")
struct ServeCommandTests {
    /// Removed with its databases (and their -wal and -shm files) when the test ends.
    private let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    private func temporaryDatabase() -> String {
        directory.path("\(UUID().uuidString).sqlite")
    }

    @Test("prints exactly one line with its address once it accepts connections, and exits 0 on SIGTERM and SIGINT")
    func startupAndStop() throws {
        for signal in [SIGTERM, SIGINT] {
            let server = try ServerProcess(["serve", "--port", "0", "--database", temporaryDatabase()])
            #expect(server.url.hasPrefix("http://127.0.0.1:"))
            #expect(server.startupOutput.split(separator: "\n").filter { $0.contains("http://") }.count == 1)
            let health = try RawHTTPConnection(port: server.port).request("GET", "/healthChecker")
            #expect(health.text == "\"OK\"")
            #expect(server.stop(signal: signal) == 0)
            #expect(server.standardError.contains("GET /healthChecker 200 4B"))
        }
    }

    @Test("without vendors it prints a demo vendor that can create products")
    func demoVendor() throws {
        let server = try ServerProcess(["--port", "0", "--database", ":memory:"])
        #expect(server.startupOutput.contains("demo vendor: name demo, identifier demo-vendor-identifier, secret demo-vendor-secret"))
        var builder = MultipartBuilder()
        builder.addField("params", #"{"name":"a","price":1,"currency":"KRW","secret":"demo-vendor-secret"}"#)
        builder.addFile("images", filename: "a.png", data: SampleImages.png)
        let created = try RawHTTPConnection(port: server.port).request(
            "POST", "/api/products",
            headers: [("identifier", "demo-vendor-identifier"), ("Content-Type", builder.contentType)],
            body: builder.finished())
        #expect(created.status == 201)
    }

    @Test("every documented environment variable is honoured")
    func environment() throws {
        let database = temporaryDatabase()
        var port: UInt16 = 0
        let server = try ServerProcess.onFreePort({ _ in [] }) { chosen in
            port = chosen
            return [
                "OPENMARKET_PORT": String(chosen), "OPENMARKET_DATABASE": database, "OPENMARKET_API": "v2b",
                "OPENMARKET_VENDORS": "alice:alice-id:alice-secret,bob:bob-id:bob-secret",
                "OPENMARKET_STRICT": "true", "OPENMARKET_PUBLIC_URL": "http://phone.example:9",
                "OPENMARKET_NOW": "2023-03-22T15:30:00Z", "OPENMARKET_LOG_LEVEL": "warning",
                "OPENMARKET_MAX_BODY_BYTES": "100000", "OPENMARKET_THREADS": "3",
            ]
        }
        #expect(server.port == port)
        #expect(!server.startupOutput.contains("demo vendor"))
        let connection = try RawHTTPConnection(port: port)

        func create(named name: String) throws -> RawResponse {
            var builder = MultipartBuilder()
            builder.addField("params", #"{"name":"\#(name)","description":"a long enough text","price":1,"currency":"KRW","secret":"bob-secret"}"#)
            builder.addFile("images", filename: "a.png", data: SampleImages.png)
            return try connection.request(
                "POST", "/api/products", headers: [("identifier", "bob-id"), ("Content-Type", builder.contentType)],
                body: builder.finished())
        }
        let created = try create(named: "MacBook")
        #expect(created.status == 201)
        #expect(created.json["vendor_id"] as? Int == 2)
        #expect(created.json["created_at"] as? String == "2023-03-23T00:00:00")  // 15:30Z is already the 23rd in Seoul
        #expect((created.json["thumbnail"] as? String)?.hasPrefix("http://phone.example:9/training-resources/2/20230323/") == true)

        #expect(try create(named: "ab").status == 400)  // --strict: names have 3 to 100 characters

        let large = try connection.request("POST", "/api/products", headers: [("identifier", "bob-id")], body: [UInt8](repeating: 1, count: 100_001))
        #expect(large.status == 413)
        #expect(server.stop() == 0)
        #expect(!server.standardError.contains("GET /"))  // warning level: no request lines
        #expect(FileManager.default.fileExists(atPath: database))
    }

    @Test("flags win over the environment")
    func flagsWin() throws {
        let server = try ServerProcess(["--port", "0", "--database", ":memory:"], environment: ["OPENMARKET_PORT": "1"])
        #expect(server.port != 1)
    }

    @Test("bad configuration exits non-zero with a message that says how to fix it", arguments: [
        (["--port", "70000"], [String: String](), "between 0 and 65535"),
        (["--api", "v9"], [:], "v2b"),
        (["--vendor", "no-colons"], [:], "NAME:IDENTIFIER:SECRET"),
        ([], ["OPENMARKET_NOW": "yesterday"], "OPENMARKET_NOW"),
        ([], ["OPENMARKET_STRICT": "maybe"], "OPENMARKET_STRICT"),
        (["--log-level", "loud"], [:], "--log-level must be one of"),
    ])
    func badConfiguration(arguments: [String], environment: [String: String], mentioned: String) throws {
        let result = try ServerProcess.run(["serve", "--port", "0", "--database", ":memory:"] + arguments, environment: environment)
        #expect(result.status != 0)
        #expect(result.output.contains(mentioned), "\(result.output)")
    }

    @Test("a port in use is reported, not crashed on")
    func portInUse() throws {
        let first = try ServerProcess(["--port", "0", "--database", ":memory:"])
        let second = try ServerProcess.run(["--port", String(first.port), "--database", ":memory:"])
        #expect(second.status != 0)
        #expect(second.output.contains("cannot listen"))
    }

    @Test("what was answered 201 survives kill -9 in the middle of a burst of creates")
    func crashSafety() throws {
        let database = temporaryDatabase()
        let server = try ServerProcess(["--port", "0", "--database", database, "--log-level", "error"])
        let acknowledged = AcknowledgedIDs()
        let port = server.port
        let writerDone = DispatchSemaphore(value: 0)
        let writer = Thread {
            defer { writerDone.signal() }
            guard let connection = try? RawHTTPConnection(port: port, timeoutSeconds: 5) else { return }
            for index in 0..<2000 {
                var builder = MultipartBuilder()
                builder.addField("params", #"{"name":"burst \#(index)","price":1,"currency":"KRW","secret":"demo-vendor-secret"}"#)
                builder.addFile("images", filename: "a.jpg", data: SampleImages.jpeg(size: 20_000))
                builder.addFile("images", filename: "b.png", data: SampleImages.png)
                guard let response = try? connection.request(
                    "POST", "/api/products",
                    headers: [("identifier", "demo-vendor-identifier"), ("Content-Type", builder.contentType)],
                    body: builder.finished()),
                    response.status == 201, let id = response.json["id"] as? Int
                else { return }
                acknowledged.add(id)
            }
        }
        writer.start()
        let deadline = ContinuousClock.now + .seconds(20)
        while acknowledged.count < 30, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(server.stop(signal: SIGKILL) != nil)
        // The writer records the last answer it got before the kill, then fails on the closed connection.
        #expect(writerDone.wait(timeout: .now() + 30) == .success)

        let restarted = try ServerProcess(["--port", "0", "--database", database, "--log-level", "error"])
        let connection = try RawHTTPConnection(port: restarted.port)
        #expect(acknowledged.count >= 30)
        for id in acknowledged.ids {
            let detail = try connection.request("GET", "/api/products/\(id)")
            #expect(detail.status == 200)
            let images = detail.json["images"] as? [[String: Any]] ?? []
            #expect(images.count == 2)
            for image in images {
                #expect(try connection.request("GET", URLPath.of( image["url"] as? String ?? "")).status == 200)
            }
        }
    }
}

final class AcknowledgedIDs: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int] = []
    func add(_ id: Int) { lock.withLock { stored.append(id) } }
    var ids: [Int] { lock.withLock { stored } }
    var count: Int { lock.withLock { stored.count } }
}
