import OpenMarketHTTPServer
import OpenMarketHTTPTestSupport
import Testing

/// The connection limits: never silent, and never in the way of the address every local client shares.
@Suite("Connection limits and request sizes over real sockets")
struct ConnectionLimitTests {
    @Test("1,000 idle keep-alive connections from 127.0.0.1 do not lock out a fresh one")
    func loopbackHasNoPerAddressLimit() throws {
        try withJSONErrorServer { server in
            var held: [RawHTTPConnection] = []
            for _ in 0..<1_000 {
                let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 10)
                #expect(try connection.request("GET", "/healthChecker").status == 200)
                held.append(connection)
            }
            let fresh = try RawHTTPConnection(port: server.port, timeoutSeconds: 10)
            #expect(try fresh.request("GET", "/healthChecker").status == 200)
            withExtendedLifetime(held) {}
        }
    }

    @Test("a connection over the per-address limit gets a 503 with the router's body, then a close")
    func overTheLimitGets503() throws {
        let configuration = ServerConfiguration(port: 0, connectionsPerClient: 2)
        try withJSONErrorServer(configuration: configuration) { server in
            var held = try (0..<2).map { _ in
                try RawHTTPConnection(port: server.port, timeoutSeconds: 5, clientAddress: "127.0.0.2")
            }
            for connection in held { #expect(try connection.request("GET", "/healthChecker").status == 200) }
            let over = try RawHTTPConnection(port: server.port, timeoutSeconds: 5, clientAddress: "127.0.0.2")
            let response = try over.request("GET", "/healthChecker")
            #expect(response.status == 503)
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.text.hasPrefix("{\"code\":503,\"message\":\"the server has as many connections open"))
            #expect(over.isClosedByPeer())
            // Closing one (its deinit closes the socket) makes room again.
            held.removeFirst()
            let again = try RawHTTPConnection(port: server.port, timeoutSeconds: 5, clientAddress: "127.0.0.2")
            var status = try again.request("GET", "/healthChecker").status
            // The server learns of the close asynchronously: a bounded retry waits for that event.
            for _ in 0..<100 where status == 503 {
                status = try RawHTTPConnection(port: server.port, timeoutSeconds: 5, clientAddress: "127.0.0.2")
                    .request("GET", "/healthChecker").status
            }
            #expect(status == 200)
        }
    }
}
