import Foundation
import HTTPCore
import HTTPServer
import HTTPTestSupport
import Testing

/// A request libmicrohttpd refuses by itself gets the router's JSON on every request of a kept-alive connection and
/// for a broken chunk that comes after the head, not only on a connection's first request: the Linux path replaces
/// the library's answer, the portable path (what a Mac builds) judges the bytes before the library reads them.
/// A NUL-led later request is left out: on the Linux path with libmicrohttpd 0.9.75 it still waits for the header
/// deadline (only first requests pass its gate).
@Suite("Refusals on a kept-alive connection and in a chunked body, over real sockets")
struct KeptAliveRefusalTests {
    private static func withServer<T>(_ body: (HTTPServer) throws -> T) throws -> T {
        try withJSONErrorServer(routes: { router in
            okRoute(&router)
            router.on(.post, "/echo") { request, _ in Response(status: .ok, body: request.body) }
        }, body)
    }

    private static func expectJSONRefusal(_ response: RawResponse, status: Int, explanation: String) {
        #expect(response.status == status, "\(explanation)")
        #expect(response.header("Content-Type") == "application/json", "\(explanation)")
        #expect(response.text.hasPrefix("{\"code\":\(status),\"message\":"), "\(explanation): \(response.text)")
    }

    private static let chunkedHead = "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"

    @Test("a second request that libmicrohttpd would refuse gets the JSON, after the first one's answer",
          arguments: [
              (400, "GET /healthChecker\r\nHost: x\r\n\r\n", "a request line without a version"),
              (400, "GET /healthChecker FTP/1.1\r\nHost: x\r\n\r\n", "a request line that is not HTTP"),
              (400, "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", "Content-Length: abc"),
              (414, "GET /\(String(repeating: "a", count: 40_000)) HTTP/1.1\r\nHost: x\r\n\r\n", "a request line too long"),
              (431, "GET /healthChecker HTTP/1.1\r\nHost: x\r\nX-Long: \(String(repeating: "a", count: 40_000))\r\n\r\n",
               "headers too large"),
              (505, "GET /healthChecker HTTP/2.0\r\nHost: x\r\n\r\n", "HTTP/2.0"),
              (400, chunkedHead + "zz\r\n", "a chunk size that is not hex"),
              (413, chunkedHead + "1000000000000000000\r\n", "a chunk size past 2^64"),
          ])
    func secondRequest(status: Int, request: String, explanation: String) throws {
        try Self.withServer { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 5)
            #expect(try connection.request("GET", "/healthChecker").status == 200)
            try connection.send(request)
            Self.expectJSONRefusal(try connection.readResponse(), status: status, explanation: explanation)
            // Nothing after the answer but the close (a reset where the refused request was not read to its end).
            let rest = connection.readUntilClosed()
            #expect(rest.bytes.isEmpty, "after the answer: \(String(decoding: rest.bytes, as: UTF8.self))")
            #expect(rest.failure == nil || rest.failure == ECONNRESET, "not closed (errno \(rest.failure ?? 0))")
        }
    }

    /// The head is answered by nothing yet (the body is still to come), so the refusal comes from the body alone.
    @Test("a broken chunk sent after the head, once a chunk was read, gets the JSON",
          arguments: [
              (400, "5\r\nhelloXY", "chunk data not followed by CRLF"),
              (400, "5\r\nhello\r\n5 x\r\n", "a chunk size line with a space"),
              (400, "5\r\nhello\r\n;name\r\n", "a chunk size line without digits"),
              (413, "5\r\nhello\r\n10000000000000000\r\n", "a chunk size past 2^64"),
          ])
    func brokenChunkAfterTheHead(status: Int, chunks: String, explanation: String) throws {
        try Self.withServer { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 5)
            #expect(try connection.request("GET", "/healthChecker").status == 200)
            try connection.send(Self.chunkedHead)
            try connection.send(chunks)
            Self.expectJSONRefusal(try connection.readResponse(), status: status, explanation: explanation)
            #expect(connection.isClosedByPeer(), "\(explanation)")
        }
    }

    /// No chunk extension: libmicrohttpd 1.0.1 leaves the LF of a size line with one in the chunk's data, and so
    /// refuses any such body as malformed (0.9.75 reads it).
    @Test("a well-formed chunked body with a trailer is read whole, and the connection kept")
    func chunkedBodyWithTrailer() throws {
        try Self.withServer { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 5)
            try connection.send(Self.chunkedHead)
            try connection.send("5\r\nhello\r\n")
            try connection.send("6\r\n world\r\n0\r\nX-Checksum: 1\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "hello world")
            #expect(try connection.request("GET", "/healthChecker").status == 200)
        }
    }

    @Test("pipelined requests are all answered, in order, before a refused one")
    func pipelinedBeforeARefusal() throws {
        try Self.withServer { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 5)
            let good = "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\none"
                + "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\ntwo"
            try connection.send(good + "GET /healthChecker HTTP/2.0\r\nHost: x\r\n\r\n")
            #expect(try connection.readResponse().text == "one")
            #expect(try connection.readResponse().text == "two")
            Self.expectJSONRefusal(try connection.readResponse(), status: 505, explanation: "HTTP/2.0 after two")
            #expect(connection.isClosedByPeer())
        }
    }
}
