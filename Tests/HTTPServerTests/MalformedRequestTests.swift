import Foundation
import OpenMarketHTTPCore
import OpenMarketHTTPServer
import OpenMarketHTTPTestSupport
import Testing

/// Bytes that are not HTTP, and HTTP no client library sends, get libmicrohttpd's own 4xx or 5xx or a closed
/// connection, within a second: never a wait for the header deadline or the idle timeout (both far off here). The
/// quick close is what makes URLSession report a TLS error at once for an app pointed at https://.
@Suite("Malformed requests, over real sockets")
struct MalformedRequestTests {
    private static let chunkedHead = "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
    /// The first bytes of a TLS 1.2 ClientHello.
    private static let clientHello: [UInt8] = [0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03]
        + Array(0..<32) + [0x00, 0x04, 0xc0, 0x2f, 0xc0, 0x30, 0x01, 0x00]

    static let cases: [(name: String, bytes: [UInt8])] = [
        ("NUL junk", [0, 0, 0, 0, 0, 0, 0, 13, 10, 13, 10]),
        ("binary junk", [1, 2, 3, 4, 5, 6, 7, 13, 10, 13, 10]),
        ("a TLS ClientHello", clientHello),
        ("a request line that is not HTTP", Array("GET /healthChecker FTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        ("a request line without a version", Array("GET /healthChecker\r\nHost: x\r\n\r\n".utf8)),
        ("HTTP/2.0", Array("GET /healthChecker HTTP/2.0\r\nHost: x\r\n\r\n".utf8)),
        ("Content-Length: abc", Array("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n".utf8)),
        ("Content-Length: 2^64", Array("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 18446744073709551616\r\n\r\n".utf8)),
        ("Content-Length: 2^64 - 1", Array("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 18446744073709551615\r\n\r\n".utf8)),
        ("a chunk size past 2^64", Array((chunkedHead + "1000000000000000000\r\n").utf8)),
        ("a chunk size that is not hex", Array((chunkedHead + "zz\r\n").utf8)),
        ("chunk data not followed by CRLF", Array((chunkedHead + "5\r\nhelloXY").utf8)),
        ("a chunk size line with a space", Array((chunkedHead + "5\r\nhello\r\n5 x\r\n").utf8)),
    ]

    @Test("is answered by libmicrohttpd or closed, within a second, on a first or a later request",
          arguments: cases.map(\.name), [false, true])
    func answeredOrClosedAtOnce(name: String, keptAlive: Bool) throws {
        let bytes = try #require(Self.cases.first { $0.name == name }).bytes
        let configuration = ServerConfiguration(port: 0, connectionTimeoutSeconds: 60, headerDeadlineMilliseconds: 60_000)
        try withJSONErrorServer(configuration: configuration, routes: { router in
            okRoute(&router)
            router.on(.post, "/echo") { request, _ in Response(status: .ok, body: request.body) }
        }) { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 5)
            if keptAlive { #expect(try connection.request("GET", "/healthChecker").status == 200) }
            let started = ContinuousClock.now
            try connection.send(bytes)
            let rest = connection.readUntilClosed()
            let elapsed = ContinuousClock.now - started
            #expect(rest.failure == nil || rest.failure == ECONNRESET, "not closed (errno \(rest.failure ?? 0))")
            #expect(elapsed < .seconds(1), "took \(elapsed)")
            let answer = String(decoding: rest.bytes, as: UTF8.self)
            #expect(answer.isEmpty || answer.hasPrefix("HTTP/1.1 4") || answer.hasPrefix("HTTP/1.1 5"), "\(answer)")
        }
    }

    @Test("pipelined requests are all answered, in order, before a malformed one")
    func pipelinedBeforeAMalformedOne() throws {
        try withJSONErrorServer(routes: { router in
            router.on(.post, "/echo") { request, _ in Response(status: .ok, body: request.body) }
        }) { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 5)
            let good = "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\none"
                + "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\ntwo"
            try connection.send(good + "GET /healthChecker HTTP/2.0\r\nHost: x\r\n\r\n")
            #expect(try connection.readResponse().text == "one")
            #expect(try connection.readResponse().text == "two")
            #expect(try connection.readResponse().status == 505)
            #expect(connection.isClosedByPeer())
        }
    }
}
