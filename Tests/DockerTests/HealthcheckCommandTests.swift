import Foundation
import OpenMarketHTTPTestSupport
import Testing

@Suite("openmarket healthcheck")
struct HealthcheckCommandTests {
    private static let okAnswer = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 4\r\n\r\n\"OK\""

    /// Runs the check; a failure must say why on exactly one line.
    private func healthcheck(_ arguments: [String] = [], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let result = try ServerProcess.run(["healthcheck"] + arguments, environment: environment)
        if result.status != 0 {
            #expect(result.output.split(separator: "\n").count == 1, "\(result.output)")
            #expect(result.output.hasPrefix("openmarket healthcheck: "), "\(result.output)")
        }
        return result
    }

    @Test("passes against a running server, found through OPENMARKET_PORT or given with --url")
    func liveServer() throws {
        let server = try ServerProcess(["serve", "--port", "0", "--database", ":memory:"])
        #expect(try healthcheck(environment: ["OPENMARKET_PORT": String(server.port)]).status == 0)
        #expect(try healthcheck(["--url", "\(server.url)/healthChecker"]).status == 0)
        #expect(try healthcheck(environment: ["OPENMARKET_PORT": String(server.port), "OPENMARKET_HOST": "0.0.0.0"]).status == 0)
        #expect(server.stop() == 0)
    }

    @Test("its requests are marked: the journal leaves them out and the access log writes them at debug level only")
    func notJournaledNorLogged() throws {
        let server = try ServerProcess(["serve", "--port", "0", "--database", ":memory:"])
        for _ in 0..<3 {
            #expect(try healthcheck(["--url", server.url]).status == 0)
        }
        let journal = try RawHTTPConnection(port: server.port).request("GET", "/__admin/requests")
        #expect(journal.json["total"] as? Int == 0, "\(journal.text)")
        // The same request unmarked, as an app sends it, is journaled and logged as before.
        _ = try RawHTTPConnection(port: server.port).request("GET", "/healthChecker")
        let after = try RawHTTPConnection(port: server.port).request("GET", "/__admin/requests")
        #expect(after.json["total"] as? Int == 1, "\(after.text)")
        #expect(server.stop() == 0)
        let logged = server.standardError.split(separator: "\n").filter { $0.contains("GET /healthChecker 200") }
        #expect(logged.count == 1, "\(server.standardError)")
        #expect(logged.allSatisfy { $0.contains(" info GET ") })

        let debug = try ServerProcess(["serve", "--port", "0", "--database", ":memory:", "--log-level", "debug"])
        #expect(try healthcheck(["--url", debug.url]).status == 0)
        #expect(debug.stop() == 0)
        #expect(debug.standardError.contains(" debug GET /healthChecker 200"), "\(debug.standardError)")
    }

    @Test("a base URL, as the server prints it, asks the generation's health path")
    func baseURL() throws {
        // At debug level the log shows the health checks' requests.
        let server = try ServerProcess(["serve", "--port", "0", "--database", ":memory:", "--log-level", "debug"])
        for url in [server.url, server.url + "/"] {
            let result = try healthcheck(["--url", url])
            #expect(result.status == 0, "\(url): \(result.output)")
            #expect(result.output.contains("\(server.url)/healthChecker answered 200"), "\(result.output)")
        }
        #expect(server.stop() == 0)
        #expect(server.standardError.contains(" debug GET /healthChecker 200"), "\(server.standardError)")
        #expect(!server.standardError.contains("GET / "), "\(server.standardError)")

        let v1 = try ServerProcess(["serve", "--port", "0", "--database", ":memory:", "--api", "v1a", "--log-level", "debug"])
        let result = try healthcheck(["--url", v1.url], environment: ["OPENMARKET_API": "v1a"])
        #expect(result.status == 0, "\(result.output)")
        #expect(v1.stop() == 0)
        #expect(v1.standardError.contains(" debug GET /items/1 200"), "\(v1.standardError)")
    }

    @Test("fails on a port nobody listens on")
    func deadPort() throws {
        let port = try FreePort.find()
        let result = try healthcheck(environment: ["OPENMARKET_PORT": String(port)])
        #expect(result.status == 1)
        #expect(result.output.contains("http://127.0.0.1:\(port)/healthChecker"))
        #expect(result.output.contains("refused"), "\(result.output)")
    }

    @Test("fails on any status but 200, and on a 404 from /healthChecker says how to check a v1 server")
    func wrongStatus() throws {
        let server = try ServerProcess(["serve", "--port", "0", "--database", ":memory:"])
        let missing = try healthcheck(["--url", "\(server.url)/no-such-route"])
        #expect(missing.status == 1)
        #expect(missing.output.contains("answered 404, expected 200"))

        let v1 = try ServerProcess(["serve", "--port", "0", "--database", ":memory:", "--api", "v1a"])
        let unset = try healthcheck(environment: ["OPENMARKET_PORT": String(v1.port)])
        #expect(unset.status == 1)
        #expect(unset.output.contains("OPENMARKET_API=v1a"), "\(unset.output)")
    }

    @Test("fails when /healthChecker answers 200 with another body")
    func wrongBody() throws {
        let canned = try CannedHTTPServer(answer: "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nOK")
        let result = try healthcheck(["--url", "http://127.0.0.1:\(canned.port)/healthChecker"])
        #expect(result.status == 1)
        #expect(result.output.contains(#"with the body "OK", expected "\"OK\"""#), "\(result.output)")
        #expect(canned.received == ["GET /healthChecker HTTP/1.1"])
    }

    @Test("fails, without crashing, on a Content-Length it cannot use", arguments: ["-5", "9223372036854775807", "x"])
    func unusableLength(length: String) throws {
        let canned = try CannedHTTPServer(answer: "HTTP/1.1 200 OK\r\nContent-Length: \(length)\r\n\r\n\"OK\"")
        let result = try healthcheck(["--url", "http://127.0.0.1:\(canned.port)/healthChecker"])
        #expect(result.status == 1)
        #expect(result.output.contains("unusable Content-Length"), "\(result.output)")
    }

    @Test("gives up at --timeout when the server accepts but never answers")
    func silentServer() throws {
        let silent = try CannedHTTPServer(answer: nil)
        let start = ContinuousClock.now
        let result = try healthcheck(["--timeout", "0.5"], environment: ["OPENMARKET_PORT": String(silent.port)])
        #expect(result.status == 1)
        #expect(result.output.contains("timed out"), "\(result.output)")
        // Generous: what is ruled out is waiting on the silent server for good.
        #expect(ContinuousClock.now - start < .seconds(20))
    }

    @Test("follows OPENMARKET_API: every generation's server passes, v1 ones asked /items/1", arguments: ["v2b", "v2a", "v1b", "v1a"])
    func everyGeneration(generation: String) throws {
        let server = try ServerProcess(
            ["serve", "--port", "0", "--database", ":memory:", "--log-level", "debug"], environment: ["OPENMARKET_API": generation])
        let result = try healthcheck(environment: ["OPENMARKET_PORT": String(server.port), "OPENMARKET_API": generation])
        #expect(result.status == 0, "\(result.output)")
        #expect(server.stop() == 0)
        let path = generation.hasPrefix("v1") ? "/items/1" : "/healthChecker"
        #expect(server.standardError.contains(" debug GET \(path) 200"), "\(server.standardError)")
    }

    @Test("follows OPENMARKET_HOST, a host name included")
    func hostName() throws {
        let canned = try CannedHTTPServer(answer: Self.okAnswer)
        let result = try healthcheck(environment: ["OPENMARKET_PORT": String(canned.port), "OPENMARKET_HOST": "localhost"])
        #expect(result.status == 0, "\(result.output)")
        #expect(canned.received.count == 1)
    }

    @Test("bad settings fail with the reason, never a crash", arguments: [
        (["--url", "https://127.0.0.1:8080/healthChecker"], [String: String](), "http://"),
        (["--url", "http://127.0.0.1:99999/"], [:], "port"),
        (["--url", "http://[::1/"], [:], "]"),
        ([], ["OPENMARKET_PORT": "eighty"], "OPENMARKET_PORT"),
        ([], ["OPENMARKET_PORT": "0"], "--url"),
    ])
    func badSettings(arguments: [String], environment: [String: String], mentioned: String) throws {
        let result = try healthcheck(arguments, environment: environment)
        #expect(result.status == 1)
        #expect(result.output.contains(mentioned), "\(result.output)")
    }

    @Test("a timeout that is not a positive number of seconds is a usage error")
    func badTimeout() throws {
        for timeout in ["0", "-1", "nan", "601"] {
            let result = try ServerProcess.run(["healthcheck", "--timeout", timeout])
            #expect(result.status != 0 && result.status != 1, "\(timeout)")
            #expect(result.output.contains("--timeout"))
        }
    }
}
