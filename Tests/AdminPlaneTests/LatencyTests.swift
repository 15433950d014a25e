#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketAdminPlane
import OpenMarketHTTPTestSupport
import Testing

/// Latency delays every API answer within its bounds, and delays hold no server thread. Only lower bounds are
/// exact here; an upper bound only rules out a much longer wait (Benchmarks/faults.sh measures the delays).
@Suite struct LatencyTests {
    private static func timed(_ server: LiveServer, _ target: String) throws -> (status: Int, elapsed: Duration) {
        let started = ContinuousClock.now
        let status = try server.request("GET", target).status
        return (status, ContinuousClock.now - started)
    }

    @Test("answers wait between minMs and maxMs; PUT changes it, GET reads it", arguments: Generation.all)
    func bounds(_ generation: Generation) throws {
        let server = try LiveServer.withAdmin(generation, AdminSettings(latency: LatencyRange(minMs: 200, maxMs: 400)!))
        for _ in 0..<3 {
            let (status, elapsed) = try Self.timed(server, server.listTarget)
            #expect(status == 200)
            #expect(elapsed >= .milliseconds(200), "\(elapsed)")
        }
        _ = try server.admin("PUT", "/__admin/latency", body: Array(#"{"minMs": 60000, "maxMs": 60000}"#.utf8))
        let set = try server.admin("PUT", "/__admin/latency", body: Array(#"{"minMs": 0, "maxMs": 0}"#.utf8))
        #expect(set.text == #"{"minMs":0,"maxMs":0}"#)
        #expect(try server.admin("GET", "/__admin/latency").text == #"{"minMs":0,"maxMs":0}"#)
        // The 60 s set before is gone.
        #expect(try Self.timed(server, server.listTarget).elapsed < .seconds(30))
    }

    @Test("200 concurrent requests delayed 2 s each all finish in under 3 s, on 4 server threads")
    func concurrentDelays() throws {
        let server = try LiveServer.withAdmin(.v2b, AdminSettings(latency: LatencyRange(minMs: 2000, maxMs: 2000)!))
        let started = ContinuousClock.now
        // All 200 are sent before any is read, so they wait in the server at the same time.
        let connections = try (0..<200).map { _ in try server.connection() }
        for connection in connections {
            try connection.send("GET /healthChecker HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        }
        let statuses = try connections.map { try $0.readResponse().status }
        let elapsed = ContinuousClock.now - started
        #expect(statuses.allSatisfy { $0 == 200 })
        // Delays holding the 4 threads would take 200 × 2 s / 4 = 100 s.
        #expect(elapsed >= .seconds(2) && elapsed < .seconds(50), "\(elapsed)")
    }

    @Test("a server stopping answers delayed requests at once instead of waiting out the delay")
    func stopDoesNotWait() throws {
        var server: LiveServer? = try LiveServer.withAdmin(
            .v2b, AdminSettings(latency: LatencyRange(minMs: 60_000, maxMs: 60_000)!))
        let connection = try server?.connection()
        try connection?.send("GET /healthChecker HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        // Whether the stop finds the request suspended or still unread in the backlog, it answers it without the delay.
        let started = ContinuousClock.now
        server = nil
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(try connection?.readResponse().status == 200)
    }

    @Test("a body refused before it is read (413) is answered at once, not delayed, and the connection closed")
    func earlyRefusalNotDelayed() throws {
        let server = try LiveServer(
            .v2b, maxBodyBytes: 1024, admin: AdminSettings(latency: LatencyRange(minMs: 60_000, maxMs: 60_000)!))
        let connection = try server.connection()
        let started = ContinuousClock.now
        try connection.send("POST /api/products HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4096\r\n\r\n")
        let response = try connection.readResponse()
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(response.status == 413)
        #expect(connection.isClosedByPeer())
    }
}
