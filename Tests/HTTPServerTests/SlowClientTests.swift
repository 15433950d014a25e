import Foundation
import OpenMarketHTTPCore
import OpenMarketHTTPServer
import OpenMarketHTTPTestSupport
import Testing

/// Clients that send their headers a byte at a time (slowloris) must neither hold connections forever nor lock
/// other clients out.
@Suite("Slow clients over real sockets")
struct SlowClientTests {
    @Test("headers trickled a byte at a time are cut off at the header deadline, not kept alive by each byte")
    func trickledHeadersHitTheDeadline() throws {
        let configuration = ServerConfiguration(port: 0, connectionTimeoutSeconds: 30, headerDeadlineMilliseconds: 500)
        try withServer(configuration: configuration, routes: okRoute) { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 5)
            try connection.send("GET /healthChecker HTTP/1.1\r\n")
            var closed = false
            // One header byte every 100 ms for at most 3 s; the idle timeout alone would never end this.
            for _ in 0..<30 where !closed {
                Thread.sleep(forTimeInterval: 0.1)
                closed = (try? connection.send("X")) == nil
            }
            #expect(closed || connection.isClosedByPeer())
        }
    }

    /// 127.0.0.1 has no per-address limit (every local client shares it), so the greedy client is another address.
    @Test("a client holding every connection it may have does not lock out another address")
    func oneAddressCannotLockOutAnother() throws {
        let configuration = ServerConfiguration(
            port: 0, connectionTimeoutSeconds: 30, connectionLimit: 32, connectionsPerClient: 8)
        try withServer(configuration: configuration, routes: okRoute) { server in
            var held: [RawHTTPConnection] = []
            for _ in 0..<32 {
                let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 5, clientAddress: "127.0.0.2")
                try connection.send("GET /healthChecker HTTP/1.1\r\n")
                held.append(connection)
            }
            // Locked out, it would wait unanswered until its read timed out.
            let other = try RawHTTPConnection(port: server.port, timeoutSeconds: 10, clientAddress: "127.0.0.3")
            #expect(try other.request("GET", "/healthChecker").status == 200)
            withExtendedLifetime(held) {}
        }
    }

    @Test("a request waiting for a busy daemon thread is not cut off by the header deadline")
    func busyThreadIsNotBlamedOnTheClient() throws {
        let configuration = ServerConfiguration(port: 0, threads: 1, headerDeadlineMilliseconds: 200)
        let slowEntered = DispatchSemaphore(value: 0)
        try withServer(configuration: configuration, routes: { router in
            okRoute(&router)
            router.on(.get, "/slow") { _, _ in
                slowEntered.signal()
                Thread.sleep(forTimeInterval: 0.8)
                return Response(status: .ok)
            }
        }) { server in
            // Opened before the only thread gets busy, so its deadline runs out while its request waits unread (if
            // the thread takes `busy` first, `waiting` waits in the backlog instead, and must be answered all the same).
            let waiting = try RawHTTPConnection(port: server.port, timeoutSeconds: 5)
            let busy = try RawHTTPConnection(port: server.port, timeoutSeconds: 5)
            try busy.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(slowEntered.wait(timeout: .now() + 10) == .success)
            #expect(try waiting.request("GET", "/healthChecker").status == 200)
            #expect(try busy.readResponse().status == 200)
        }
    }

    @Test("a kept-alive connection that merely waits between requests lasts the idle timeout, not the header deadline")
    func idleKeepAliveOutlivesTheHeaderDeadline() throws {
        let configuration = ServerConfiguration(port: 0, connectionTimeoutSeconds: 30, headerDeadlineMilliseconds: 200)
        try withServer(configuration: configuration, routes: okRoute) { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 5)
            #expect(try connection.request("GET", "/healthChecker").status == 200)
            Thread.sleep(forTimeInterval: 0.6)
            #expect(try connection.request("GET", "/healthChecker").status == 200)
        }
    }

    /// The watchdog sees the first piece as bytes without a request line, and starts the grace for junk; the answer
    /// starts the wait for the next request, with a fresh grace (the watchdog and the daemon thread share the record:
    /// ThreadSanitizer checks how).
    @Test("a request line typed in pieces within the grace for junk is answered, and so is the next one")
    func requestLineInPiecesIsNotJunk() throws {
        try withServer(configuration: ServerConfiguration(port: 0), routes: okRoute) { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 10)
            for _ in 0..<2 {
                try connection.send("GET /heal")
                // Longer than the watchdog's period, well within its 400 ms grace.
                Thread.sleep(forTimeInterval: 0.15)
                try connection.send("thChecker HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try connection.readResponse().status == 200)
            }
        }
    }

    @Test("a kept-alive connection waiting after a large head, a body, an empty line and a chunked body is not junk")
    func answeredBytesAreNotTakenForJunk() throws {
        try withServer(configuration: ServerConfiguration(port: 0), routes: okRoute) { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 10)
            let largeHead = (0..<40).map { ("X-Filler-\($0)", String(repeating: "a", count: 200)) }
            #expect(try connection.request("GET", "/healthChecker", headers: largeHead).status == 200)
            _ = try connection.request("POST", "/healthChecker", body: Array(repeating: 7, count: 100_000))
            try connection.send("\r\nGET /healthChecker HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try connection.readResponse().status == 200)
            try connection.send(
                "POST /healthChecker HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
            _ = try connection.readResponse()
            // Longer than the watchdog's grace for bytes that make no request line: a miscount would close it.
            Thread.sleep(forTimeInterval: 0.8)
            #expect(try connection.request("GET", "/healthChecker").status == 200)
        }
    }
}
