#if canImport(Glibc)
import Foundation
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import Testing

/// Each action as a client socket sees it, on every generation's health check.
@Suite struct FaultActionTests {
    @Test("drop: the connection closes without a byte", arguments: Generation.all)
    func drop(_ generation: Generation) throws {
        let server = try LiveServer.withAdmin(generation)
        try server.addFault(#"{"path": "/healthChecker", "action": "drop"}"#)
        let seen = try server.rawExchange("GET", "/healthChecker")
        #expect(seen.bytes.isEmpty)
        #expect(seen.failure == nil)
    }

    @Test("reset: the client reads ECONNRESET")
    func reset() throws {
        let server = try LiveServer.withAdmin(.v2b)
        try server.addFault(#"{"path": "/healthChecker", "action": "reset"}"#)
        let seen = try server.rawExchange("GET", "/healthChecker")
        #expect(seen.bytes.isEmpty)
        #expect(seen.failure == ECONNRESET)
    }

    @Test("truncate: the whole body's Content-Length, half the body, then the connection closes")
    func truncate() throws {
        let server = try LiveServer.withAdmin(.v2b)
        let id = try server.createAny()
        let whole = try server.request("GET", server.detailTarget(id))
        try server.addFault(#"{"method": "GET", "path": "/api/products/*", "action": "truncate"}"#)
        let seen = try server.rawExchange("GET", server.detailTarget(id))
        let text = String(decoding: seen.bytes, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        #expect(parts.first?.contains("Content-Length: \(whole.body.count)") == true, "\(text)")
        #expect(parts.dropFirst().joined(separator: "\r\n\r\n") == String(decoding: whole.body.prefix(whole.body.count / 2), as: UTF8.self))
        #expect(seen.failure == nil)
    }

    @Test("respond: the fault's status, body and headers instead of the API's answer, journaled as such")
    func respond() throws {
        let server = try LiveServer.withAdmin(.v2b)
        let id = try server.addFault(
            #"{"path": "/api/products", "action": "respond", "status": 503, "body": "try later", "headers": {"Retry-After": "5"}}"#)
        let response = try server.request("GET", server.listTarget)
        #expect(response.status == 503)
        #expect(response.text == "try later")
        #expect(response.header("Retry-After") == "5")
        #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
        let journal = try server.admin("GET", "/__admin/requests").json["requests"] as? [[String: Any]]
        #expect(journal?.first?["fault"] as? String == "fault \(id): respond (its own answer)")
        #expect(journal?.first?["status"] as? Int == 503)
    }

    @Test("respond without status: the API's real answer, after delayMs")
    func respondDelayed() throws {
        let server = try LiveServer.withAdmin(.v2b)
        let undelayed = try server.request("GET", "/healthChecker")
        try server.addFault(#"{"path": "/healthChecker", "action": "respond", "delayMs": 300}"#)
        let started = ContinuousClock.now
        let response = try server.request("GET", "/healthChecker")
        let elapsed = ContinuousClock.now - started
        #expect(response.status == 200)
        #expect(response.body == undelayed.body)
        #expect(elapsed >= .milliseconds(300), "\(elapsed)")
    }

    @Test("a create answered by a drop is stored all the same, as when the network loses the answer")
    func dropAfterWrite() throws {
        let server = try LiveServer.withAdmin(.v2b)
        try server.addFault(#"{"method": "POST", "path": "/api/products", "action": "drop", "times": 1}"#)
        #expect(throws: RawHTTPError.self) { try server.createSpringProduct() }
        let list = try server.request("GET", server.listTarget).json
        #expect(list["totalCount"] as? Int == 1)
        let journal = try server.admin("GET", "/__admin/requests").json["requests"] as? [[String: Any]]
        #expect(journal?.last?["status"] as? Int == 201)
        #expect((journal?.last?["fault"] as? String)?.hasSuffix(": drop") == true)
    }

    @Test("admin requests are never faulted or delayed")
    func adminUntouched() throws {
        let server = try LiveServer.withAdmin(.v2b)
        try server.addFault(#"{"path": "/**", "action": "drop"}"#)
        #expect(try server.rawExchange("GET", "/healthChecker").bytes.isEmpty)
        #expect(try server.admin("GET", "/__admin/faults").status == 200)
        _ = try server.admin("PUT", "/__admin/latency", body: Array(#"{"minMs": 60000, "maxMs": 60000}"#.utf8))
        let started = ContinuousClock.now
        #expect(try server.admin("GET", "/__admin/health").status == 200)
        #expect(ContinuousClock.now - started < .seconds(30))
    }
}
