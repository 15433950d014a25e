import Foundation
import HTTPCore
import HTTPServer
import HTTPTestSupport
import Testing

/// Requests the server cannot take still get a status and the router's error body, in time.
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

    @Test("hundreds of query parameters reach the handler")
    func manyQueryParameters() throws {
        try Self.withJSONErrors { server in
            let query = (0..<2_000).map { "p\($0)=1" }.joined(separator: "&")
            let response = try Self.send(Array("GET /healthChecker?\(query) HTTP/1.1\r\nHost: x\r\n\r\n".utf8), to: server)
            #expect(response.status == 200)
        }
    }

    @Test("what libmicrohttpd refuses by itself is answered with the router's error body",
          arguments: [
              (414, "GET /\(String(repeating: "a", count: 40_000)) HTTP/1.1\r\nHost: x\r\n\r\n", "request line"),
              (431, "GET /healthChecker HTTP/1.1\r\nHost: x\r\nX-Long: \(String(repeating: "a", count: 40_000))\r\n\r\n", "headers"),
              (413, "POST /healthChecker HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1000000000000000000\r\n", "chunk"),
              (400, "\u{01} \u{02} \u{03}\u{04}\r\n\r\n", "malformed"),
              (505, "GET /healthChecker HTTP/2.0\r\nHost: x\r\n\r\n", "HTTP version"),
          ])
    func libraryRefusals(status: Int, request: String, explanation: String) throws {
        try Self.withJSONErrors { server in
            let response = try Self.send(Array(request.utf8), to: server)
            #expect(response.status == status)
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.text.hasPrefix("{\"code\":\(status),\"message\":"))
            #expect(response.text.contains(explanation))
        }
    }

    @Test("a transfer coding other than chunked is answered 400 and the connection closed")
    func unsupportedTransferCoding() throws {
        try Self.withJSONErrors { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 3)
            try connection.send("POST /healthChecker HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 400)
            #expect(response.text.contains("Transfer-Encoding"))
            #expect(connection.isClosedByPeer())
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

    /// libmicrohttpd closes on bytes it cannot read as a request line without answering; the shim answers them.
    @Test("binary junk instead of a request line gets the router's 400 at once, then a close")
    func binaryJunkGetsA400() throws {
        try Self.withJSONErrors { server in
            // Answered, not closed in silence: a read that gets no answer fails.
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 10)
            try connection.send([1, 2, 3, 4, 5, 6, 7, 13, 10, 13, 10])
            let response = try connection.readResponse()
            #expect(response.status == 400)
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.header("Date") != nil)
            #expect(response.text.hasPrefix("{\"code\":400,\"message\":\"what arrived is not an HTTP request"))
            #expect(connection.isClosedByPeer())
        }
    }

    /// libmicrohttpd 0.9.75 writes its answer to these with the header block twice; the shim answers instead.
    @Test("a Content-Length that is not a length gets one 400 with the router's body, then a close",
          arguments: ["abc", "-1", "1, 2", "", "12abc", "18446744073709551616", "99999999999999999999999"])
    func badContentLength(value: String) throws {
        try Self.withJSONErrors { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 3)
            try connection.send("POST /healthChecker HTTP/1.1\r\nHost: x\r\nContent-Length: \(value)\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 400)
            #expect(response.header("Content-Type") == "application/json")
            #expect(response.text.hasPrefix("{\"code\":400,\"message\":\"the Content-Length header is not a length"))
            let rest = connection.readUntilClosed()
            #expect(rest.failure == nil && rest.bytes.isEmpty, "after the answer: \(String(decoding: rest.bytes, as: UTF8.self))")
        }
    }

    @Test("a Content-Length of 2^64 - 1 is a length: refused as too large, not as unreadable")
    func largestContentLength() throws {
        try Self.withJSONErrors { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 3)
            try connection.send("POST /healthChecker HTTP/1.1\r\nHost: x\r\nContent-Length: 18446744073709551615\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 413)
            // Refused by the shim on 0.9.75 and by libmicrohttpd itself on 1.0: the same words either way.
            #expect(response.text.hasPrefix("{\"code\":413,\"message\":\"the request body is larger than this server accepts"))
        }
    }

    /// Telling it from an idle close would cost a system call per request (see closes_unreadable_request).
    @Test("junk after an answered request on a kept-alive connection is closed at once, without an answer")
    func junkAfterAnAnswer() throws {
        try Self.withJSONErrors { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 3)
            #expect(try connection.request("GET", "/healthChecker").status == 200)
            try connection.send([1, 2, 3, 13, 10, 13, 10])
            let rest = connection.readUntilClosed()
            #expect(rest.failure == nil && rest.bytes.isEmpty)
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

    /// libmicrohttpd 0.9.75 reads a line of NUL bytes as the empty lines a request may start with and keeps waiting,
    /// telling the shim nothing; the gate (shim_gate.c) answers it before the library reads it. 1.0 refuses it at
    /// once, and the shim answers that refusal. The header deadline is far past the receive timeout, so an answer
    /// that arrives is not the deadline's.
    @Test("binary junk that never makes a request line gets the JSON 400 at once")
    func binaryJunkIsAnsweredAtOnce() throws {
        try Self.withJSONErrors(configuration: ServerConfiguration(port: 0, headerDeadlineMilliseconds: 120_000)) {
            server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 20)
            try connection.send([0, 0, 0, 0, 0, 0, 0, 13, 10, 13, 10])
            let rest = connection.readUntilClosed()
            #expect(rest.failure == nil, "not answered and closed within the receive timeout")
            let answer = String(decoding: rest.bytes, as: UTF8.self)
            #expect(answer.hasPrefix("HTTP/1.1 400") && answer.contains("{\"code\":400,\"message\":\"what arrived is not an HTTP request"),
                    "answered: \(answer)")
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
