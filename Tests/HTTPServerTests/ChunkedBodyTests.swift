import Foundation
import OpenMarketHTTPCore
import OpenMarketHTTPServer
import OpenMarketHTTPTestSupport
import Testing

/// Chunked bodies, as client libraries send them, on kept-alive connections.
@Suite("Chunked bodies on kept-alive connections, over real sockets")
struct ChunkedBodyTests {
    private static let chunkedHead = "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"

    /// No chunk extension: libmicrohttpd 1.0.1 leaves the LF of a size line with one in the chunk's data, and so
    /// refuses any such body as malformed (0.9.75 reads it).
    @Test("a well-formed chunked body with a trailer is read whole, and the connection kept")
    func chunkedBodyWithTrailer() throws {
        try withJSONErrorServer(routes: { router in
            okRoute(&router)
            router.on(.post, "/echo") { request, _ in Response(status: .ok, body: request.body) }
        }) { server in
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

    @Test("a chunked body that grows past the cap is answered 413 with the router's body once read")
    func chunkedBodyOverTheCap() throws {
        try withJSONErrorServer(configuration: ServerConfiguration(port: 0, maxBodyBytes: 8), routes: { router in
            router.on(.post, "/echo") { request, _ in Response(status: .ok, body: request.body) }
        }) { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 5)
            try connection.send(Self.chunkedHead + "5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 413)
            #expect(response.text.hasPrefix("{\"code\":413,\"message\":\"the request body is larger"))
        }
    }
}
