import Foundation
import OpenMarketHTTPTestSupport
import Testing

/// The admin flags and their environment variables, through the real binary.
@Suite struct AdminFlagTests {
    @Test("bad admin settings stop the server before it listens, naming the flag or variable", arguments: [
        (["--journal", "-1"], [String: String](), "--journal"),
        (["--journal", "many"], [:], "journal"),
        ([], ["OPENMARKET_JOURNAL": "2000000"], "OPENMARKET_JOURNAL must be 0 (off) to 1000000"),
        (["--admin-token", "short"], [:], "at least 8"),
        (["--admin-token", "has space in it"], [:], "without spaces"),
        (["--no-admin", "--admin-token", "long-enough-token"], [:], "--no-admin"),
        ([], ["OPENMARKET_ADMIN": "perhaps"], "OPENMARKET_ADMIN"),
    ])
    func badSettings(arguments: [String], environment: [String: String], mentioned: String) throws {
        let result = try ServerProcess.run(["--port", "0", "--database", ":memory:"] + arguments, environment: environment)
        #expect(result.status != 0)
        #expect(result.output.contains(mentioned), "\(result.output)")
    }

    @Test("the admin API is on by default, with a journal of 1000")
    func onByDefault() throws {
        let server = try ServerProcess(["--port", "0", "--database", ":memory:", "--api", "v1a"])
        let health = try RawHTTPConnection(port: server.port).request("GET", "/__admin/health")
        #expect(health.status == 200)
        #expect(health.json["generation"] as? String == "v1a")
        #expect((health.json["journal"] as? [String: Any])?["capacity"] as? Int == 1000)
        #expect((health.json["database"] as? [String: Any])?["path"] as? String == ":memory:")
    }

    @Test("--no-admin and OPENMARKET_ADMIN=0 make /__admin the generation's 404", arguments: [
        (["--no-admin"], [String: String]()),
        ([], ["OPENMARKET_ADMIN": "0"]),
    ])
    func off(arguments: [String], environment: [String: String]) throws {
        let server = try ServerProcess(["--port", "0", "--database", ":memory:"] + arguments, environment: environment)
        let response = try RawHTTPConnection(port: server.port).request("GET", "/__admin/health")
        #expect(response.status == 404)
        #expect(response.json["code"] as? Int == 404)
    }

    @Test("--journal 0 keeps nothing; OPENMARKET_JOURNAL sets the size")
    func journalSize() throws {
        let off = try ServerProcess(["--port", "0", "--database", ":memory:", "--journal", "0"])
        _ = try RawHTTPConnection(port: off.port).request("GET", "/healthChecker")
        let list = try RawHTTPConnection(port: off.port).request("GET", "/__admin/requests")
        #expect(list.json["total"] as? Int == 0)
        let small = try ServerProcess(["--port", "0", "--database", ":memory:"], environment: ["OPENMARKET_JOURNAL": "2"])
        for _ in 0..<3 { _ = try RawHTTPConnection(port: small.port).request("GET", "/healthChecker") }
        let kept = try RawHTTPConnection(port: small.port).request("GET", "/__admin/requests")
        #expect((kept.json["requests"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [3, 2])
    }
}

/// OPENMARKET_ADMIN_TOKEN as docker-compose sets it: a peer on the network gets in with the token only.
@Suite struct AdminTokenEnvironmentTests {
    @Test(.enabled(if: MachineAddress.nonLoopbackIPv4 != nil, "this machine has no non-loopback IPv4 address"))
    func tokenFromTheEnvironment() throws {
        let address = try #require(MachineAddress.nonLoopbackIPv4)
        let server = try ServerProcess(
            ["--port", "0", "--database", ":memory:", "--host", "0.0.0.0"],
            environment: ["OPENMARKET_ADMIN_TOKEN": "compose-admin-token"])
        let connection = { try RawHTTPConnection(port: server.port, host: address) }
        #expect(try connection().request("POST", "/__admin/reset").status == 403)
        let allowed = try connection().request(
            "POST", "/__admin/reset", headers: [("Authorization", "Bearer compose-admin-token")])
        #expect(allowed.status == 200)
        #expect(!server.standardError.contains("compose-admin-token"))
    }
}
