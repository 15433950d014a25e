import Foundation
import OpenMarketHTTPCore
import OpenMarketHTTPServer
import OpenMarketHTTPTestSupport
import OpenMarketLocking
import Testing

/// A response marked for reuse (as the API's response cache and the health check mark theirs) is made into a
/// libmicrohttpd answer once and shared by every send: what goes on the wire must be what a fresh answer sends,
/// whatever the delivery, the rate or the delay.
@Suite("Responses sent many times unchanged, over real sockets")
struct PreparedAnswerTests {
    private static let body = (0..<50_000).map { UInt8($0 % 251) }
    private static let fresh = Response(
        status: .ok, headers: HTTPHeaders([("Content-Type", "application/octet-stream"), ("X-Kept", "yes")]), body: body)
    private static let kept = reused(fresh)
    private static let shared = reused(Response(status: .created, contentType: "image/png", sharedBody: SharedBytes(body)))

    private static func reused(_ response: Response) -> Response {
        var response = response
        response.reuse = ResponseReuse()
        return response
    }

    private static func withServer<T>(pace: NetworkPace = NetworkPace(), _ body: (HTTPServer) throws -> T) throws -> T {
        var router = Router { error in Response(status: error.status) }
        router.on(.get, "/fresh") { _, _ in fresh }
        router.on(.get, "/kept") { _, _ in kept }
        router.on(.get, "/shared") { _, _ in shared }
        router.on(.get, "/kept-truncated") { _, _ in
            var response = kept
            response.delivery = .truncate
            return response
        }
        router.on(.get, "/kept-late") { _, _ in
            var response = kept
            response.delay = .milliseconds(300)
            return response
        }
        router.on(.get, "/kept-changed") { _, _ in
            var response = kept
            response.headers.add(name: "X-Changed", value: "after it was kept")
            return response
        }
        let server = try HTTPServer(configuration: ServerConfiguration(port: 0), router: router, pace: pace)
        defer { server.stop() }
        return try body(server)
    }

    /// Status, headers but Date (which moves each second), and body.
    private static func wire(_ response: RawResponse) -> String {
        let headers = response.headers.filter { $0.name.lowercased() != "date" }.map { "\($0.name): \($0.value)" }
        return "\(response.status) \(headers.joined(separator: "|")) \(response.body.count) \(response.body.hashValue)"
    }

    @Test("a kept response goes out as a fresh one does, byte for byte, again and again on connections at once")
    func keptLikeFresh() throws {
        try Self.withServer { server in
            let expected = Self.wire(try RawHTTPConnection(port: server.port, timeoutSeconds: 10).request("GET", "/fresh"))
            let mismatches = Locked(0)
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                guard let connection = try? RawHTTPConnection(port: server.port, timeoutSeconds: 10) else {
                    mismatches.withLock { $0 += 1 }
                    return
                }
                for index in 0..<40 {
                    let answer = try? connection.request("GET", index.isMultiple(of: 3) ? "/fresh" : "/kept")
                    if answer.map(Self.wire) != expected { mismatches.withLock { $0 += 1 } }
                }
            }
            #expect(mismatches.withLock { $0 } == 0)
            #expect(expected.hasPrefix("200 ") && expected.contains("X-Kept: yes"))
        }
    }

    @Test("a kept shared body: every send has its status, type and bytes")
    func keptSharedBody() throws {
        try Self.withServer { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 10)
            for _ in 0..<20 {
                let answer = try connection.request("GET", "/shared")
                #expect(answer.status == 201 && answer.header("Content-Type") == "image/png" && answer.body == Self.body)
            }
        }
    }

    @Test("a change after it was kept is sent, not the kept form")
    func changedAfterKept() throws {
        try Self.withServer { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 10)
            _ = try connection.request("GET", "/kept")
            let changed = try connection.request("GET", "/kept-changed")
            #expect(changed.header("X-Changed") == "after it was kept" && changed.body == Self.body)
        }
    }

    @Test("a kept response truncated by a fault sends half its body, then closes")
    func keptTruncated() throws {
        try Self.withServer { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 10)
            _ = try connection.request("GET", "/kept")
            try connection.send("GET /kept-truncated HTTP/1.1\r\nHost: x\r\n\r\n")
            let received = connection.readUntilClosed().bytes
            let text = String(decoding: received, as: UTF8.self)
            #expect(text.contains("Content-Length: \(Self.body.count)\r\n"))
            let head = received.firstRange(of: Array("\r\n\r\n".utf8)).map { $0.upperBound } ?? received.count
            #expect(received.count - head == Self.body.count / 2)
        }
    }

    @Test("a kept response under a download rate arrives whole")
    func keptPaced() throws {
        let pace = NetworkPace(NetworkPace.Rates(downloadBytesPerSecond: 1_000_000))
        try Self.withServer(pace: pace) { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 10)
            for _ in 0..<3 {
                let answer = try connection.request("GET", "/kept")
                #expect(answer.status == 200 && answer.body == Self.body)
            }
        }
    }

    @Test("a kept response with a delay: sent after it, and a connection closed meanwhile costs the server nothing")
    func keptDelayed() throws {
        try Self.withServer { server in
            for _ in 0..<5 {
                let abandoned = try RawHTTPConnection(port: server.port, timeoutSeconds: 10)
                try abandoned.send("GET /kept-late HTTP/1.1\r\nHost: x\r\n\r\n")
            }
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 10)
            let started = ContinuousClock.now
            let answer = try connection.request("GET", "/kept-late")
            #expect(ContinuousClock.now - started >= .milliseconds(300))
            #expect(answer.status == 200 && answer.body == Self.body)
            #expect(try connection.request("GET", "/kept").body == Self.body)
        }
    }
}
