import Foundation
import OpenMarketHTTPCore
import OpenMarketHTTPServer
import OpenMarketHTTPTestSupport
import Testing

/// What a client library can send but the server will not take gets the router's error body, through the one
/// handler path, and the connection closes after it.
@Suite("Requests the server refuses, over real sockets")
struct RefusedRequestTests {
    private static func withJSONErrors<T>(
        configuration: ServerConfiguration = ServerConfiguration(port: 0), _ body: (HTTPServer) throws -> T
    ) throws -> T {
        try withJSONErrorServer(configuration: configuration, routes: { router in
            okRoute(&router)
            router.on(.get, "/echo") { request, _ in Response(status: .ok, body: Array("\(request.path)?\(request.query)".utf8)) }
        }, body)
    }

    private static func send(_ bytes: [UInt8], to server: HTTPServer) throws -> RawResponse {
        let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 3)
        try connection.send(bytes)
        return try connection.readResponse()
    }

    /// libmicrohttpd would store each parameter in the connection's 32 KB pool (0.9.75 then waits for the idle timeout
    /// without a word, 1.0 answers its own 431 page); the shim keeps them out of it (shim_on_request_line). Fails
    /// on either version if a library change undoes that.
    @Test("any number of query parameters within the head limit gets the handler's answer, kept alive and pipelined",
          arguments: [300, 2_000, 7_000])
    func manyQueryParameters(count: Int) throws {
        try Self.withJSONErrors { server in
            let query = count > 2_000 ? Array(repeating: "a", count: count).joined(separator: "&")
                : (0..<count).map { "p\($0)=1" }.joined(separator: "&")
            let request = "GET /echo?\(query) HTTP/1.1\r\nHost: x\r\n\r\n"
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 5)
            try connection.send(request)
            var answers = [try connection.readResponse()]
            try connection.send(request + request)
            answers += [try connection.readResponse(), try connection.readResponse()]
            for answer in answers {
                #expect(answer.status == 200)
                #expect(answer.text == "/echo?\(query)")
            }
        }
    }

    @Test("query parameters past the head limit get the router's 414")
    func queryPastTheHeadLimit() throws {
        try Self.withJSONErrors { server in
            let query = Array(repeating: "a", count: 9_000).joined(separator: "&")
            let response = try Self.send(Array("GET /echo?\(query) HTTP/1.1\r\nHost: x\r\n\r\n".utf8), to: server)
            #expect(response.status == 414)
            #expect(response.header("Content-Type") == "application/json")
        }
    }

    @Test("what the server will not take gets the router's error body, then a close, on a first or a later request",
          arguments: [
              (414, "GET /\(String(repeating: "a", count: 20_000)) HTTP/1.1\r\nHost: x\r\n\r\n", "request line"),
              (431, "GET /healthChecker HTTP/1.1\r\nHost: x\r\nX-Long: \(String(repeating: "a", count: 20_000))\r\n\r\n", "headers"),
              (400, "POST /healthChecker HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", "Transfer-Encoding"),
              (413, "POST /healthChecker HTTP/1.1\r\nHost: x\r\nContent-Length: 209715200\r\n\r\n", "body"),
              (400, "POST /healthChecker HTTP/1.1\r\nHost: x\r\ntransfer-encoding: gzip\r\n\r\n", "Transfer-Encoding"),
              (413, "POST /healthChecker HTTP/1.1\r\nHost: x\r\nCONTENT-LENGTH: 209715200\r\n\r\n", "body"),
          ], [false, true])
    func refusals(refusal: (status: Int, request: String, explanation: String), keptAlive: Bool) throws {
        try Self.withJSONErrors { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 3)
            if keptAlive { #expect(try connection.request("GET", "/healthChecker").status == 200) }
            try connection.send(refusal.request)
            let response = try connection.readResponse()
            #expect(response.status == refusal.status)
            #expect(connection.isClosedByPeer())
            // libmicrohttpd 1.0 refuses an unknown transfer coding with its own page before any callback sees it.
            if refusal.explanation == "Transfer-Encoding" && response.header("Content-Type") != "application/json" {
                return
            }
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.text.hasPrefix("{\"code\":\(refusal.status),\"message\":"))
            #expect(response.text.contains(refusal.explanation))
        }
    }

    /// The shim's limit is 16 KiB by default and libmicrohttpd's buffer above it, so that every size of this window
    /// reaches the handler (scripts/probe-transport tries every single size).
    @Test("every request size from 14 KB to 18 KB gets the router's answer: 200 while it fits, then 431")
    func everySizeNearTheLimitIsAnswered() throws {
        try Self.withJSONErrors { server in
            let head = "GET /healthChecker HTTP/1.1\r\nHost: x\r\nX-Pad: "
            for size in stride(from: 14 * 1_024, through: 18 * 1_024, by: 61) {
                let padding = String(repeating: "a", count: size - head.utf8.count - 4)
                let response = try Self.send(Array((head + padding + "\r\n\r\n").utf8), to: server)
                let expected = size <= 16 * 1_024 ? 200 : 431
                #expect(response.status == expected, "size \(size)")
            }
        }
    }

    @Test("an absolute-form target routes by its path and keeps its query")
    func absoluteFormTarget() throws {
        try Self.withJSONErrors { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 3)
            let response = try connection.request("GET", "http://127.0.0.1:\(server.port)/echo?page_no=2")
            #expect(response.status == 200)
            #expect(response.text == "/echo?page_no=2")
            #expect(try connection.request("GET", "HTTP://example.com").status == 404)
        }
    }

    @Test("a kept-alive connection closed for idling gets no answer it did not ask for")
    func idleConnectionIsClosedSilently() throws {
        try Self.withJSONErrors(configuration: ServerConfiguration(port: 0, connectionTimeoutSeconds: 1)) { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 4)
            #expect(try connection.request("GET", "/healthChecker").status == 200)
            let rest = connection.readUntilClosed()
            #expect(rest.failure == nil, "the idle connection was not closed in time")
            #expect(rest.bytes.isEmpty, "sent after idling: \(String(decoding: rest.bytes, as: UTF8.self))")
        }
    }

    /// libmicrohttpd 1.0 refuses these by default; the shim asks it for its most lenient level, which answers them
    /// as 0.9.75 does (course apps may rely on it).
    @Test("what libmicrohttpd 0.9.75 accepts is accepted on every version",
          arguments: [
              ("GET /healthChecker HTTP/1.1\r\n\r\n", 200, "an HTTP/1.1 request without Host"),
              ("GET /healthChecker HTTP/1.1\r\nHost : x\r\n\r\n", 200, "whitespace before a header's colon"),
              ("GET /echo?a=b c HTTP/1.1\r\nHost: x\r\n\r\n", 200, "a space in the target"),
          ])
    func lenientAsVersion0975(request: String, status: Int, explanation: String) throws {
        try Self.withJSONErrors { server in
            let response = try Self.send(Array(request.utf8), to: server)
            #expect(response.status == status, "\(explanation)")
            if explanation == "a space in the target" { #expect(response.text == "/echo?a=b c") }
        }
    }
}
