import Foundation
import OpenMarketHTTPCore
import OpenMarketHTTPServer
import OpenMarketHTTPTestSupport
import Testing

/// The server makes the names clients send most, the usual methods and HTTP/1.1 from literals instead of the
/// request's bytes: whatever the spelling, the handler must see the request line and the header names exactly as
/// they were sent.
@Suite("The request line and header names as sent, over real sockets")
struct RequestHeadTests {
    /// Each route answers the method, the version and the header names it was given, one a line.
    private static func echoHead(_ router: inout Router) {
        let others = ["OPTIONS", "GETX", "G", "GE", "POS"].map(HTTPMethod.init)
        for method in [HTTPMethod.get, .post, .put, .delete, .patch] + others {
            router.on(method, "/head") { request, _ in
                let names = request.headers.map { "\($0.name)=\($0.value)" }
                let lines = [request.method.rawValue, request.version] + names
                return Response(status: .ok, contentType: "text/plain", body: Array(lines.joined(separator: "\n").utf8))
            }
        }
    }

    @Test("header names the server knows, in their usual spelling and in others, reach the handler as sent")
    func headerNames() throws {
        let names = [
            "Host", "host", "HOST", "Hos", "Hostx", "User-Agent", "user-agent", "Connection", "Content-Type",
            "Content-Typ", "Accept", "Accept-Encoding", "Accept-Language", "Accept-Languages", "accept", "Cookie",
            "X-Custom", "A", "C", "H", "U",
        ]
        try withServer(routes: Self.echoHead) { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 10)
            for name in names {
                // A Host of another spelling stands in for the one `request` adds.
                let response = try connection.request("GET", "/head", headers: [(name, "v-\(name)")])
                let lines = response.text.split(separator: "\n").map(String.init)
                #expect(lines.prefix(2) == ["GET", "HTTP/1.1"], "\(name): \(lines)")
                #expect(lines.contains("\(name)=v-\(name)"), "\(name): \(lines)")
            }
        }
    }

    /// A connection's requests reuse the previous request's header strings where they are the same: each request
    /// must still reach the handler with exactly its own headers, in its own order.
    @Test("each request on a kept-alive connection reaches the handler with its own headers, however they change")
    func headersChangingOnOneConnection() throws {
        // Long enough to be a native string, not a small one; no space at its end, which libmicrohttpd 1.0 trims.
        let long = Array(repeating: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)", count: 3)
            .joined(separator: " ")
        let heads: [[(String, String)]] = [
            [("Host", "x"), ("User-Agent", long), ("Accept", "*/*")],
            [("Host", "x"), ("User-Agent", long), ("Accept", "*/*")],
            [("Host", "x"), ("User-Agent", long), ("Accept", "application/json")],
            [("Host", "x"), ("User-Agent", long + "!"), ("Accept", "application/json"), ("X-Added", "1")],
            [("Host", "x"), ("Accept", "application/json"), ("X-Added", "1")],
            [("Accept", "application/json"), ("Host", "x"), ("X-Added", "1")],
            [("accept", "application/json"), ("host", "x"), ("x-added", "1")],
            [("Host", "x"), ("X-Empty", ""), ("X-Text", "caf\u{e9}")],
            [("Host", "x"), ("X-Empty", ""), ("X-Text", "caf\u{e9}")],
            [("Host", "y")],
            [("Host", "x"), ("User-Agent", long), ("Accept", "*/*")],
        ]
        try withServer(routes: Self.echoHead) { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 10)
            for head in heads {
                let lines = head.map { "\($0.0): \($0.1)\r\n" }.joined()
                try connection.send("GET /head HTTP/1.1\r\n\(lines)\r\n")
                let echoed = try connection.readResponse().text.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(echoed.dropFirst(2).map(String.init) == head.map { "\($0.0)=\($0.1)" }, "\(head)")
            }
        }
    }

    @Test(
        "every method reaches its route as sent, HTTP/1.0 as sent",
        arguments: ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "GETX", "G", "GE", "POS"])
    func methods(method: String) throws {
        try withServer(routes: Self.echoHead) { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 10)
            let body: [UInt8] = ["POST", "PUT", "PATCH"].contains(method) ? Array("x".utf8) : []
            let response = try connection.request(method, "/head", body: body)
            #expect(response.text.split(separator: "\n").first.map(String.init) == method)
            let old = try RawHTTPConnection(port: server.port, timeoutSeconds: 10)
            let head = "\(method) /head HTTP/1.0\r\nContent-Length: \(body.count)\r\n\r\n"
            try old.send(head + String(decoding: body, as: UTF8.self))
            let lines = try old.readResponse().text.split(separator: "\n").map(String.init)
            #expect(lines.prefix(2) == [method, "HTTP/1.0"], "\(lines)")
        }
    }

    @Test("a body delimited by Content-Length or chunked, the header's name in any case, reaches the handler whole")
    func bodyDelimitersInAnyCase() throws {
        let requests = [
            "POST /echo HTTP/1.1\r\nHost: x\r\ncontent-length: 5\r\n\r\nhello",
            "POST /echo HTTP/1.1\r\nHost: x\r\nCONTENT-LENGTH: 5\r\n\r\nhello",
            "POST /echo HTTP/1.1\r\nHost: x\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
            "POST /echo HTTP/1.1\r\nHost: x\r\nTRANSFER-ENCODING: Chunked\r\n\r\n2\r\nhe\r\n3\r\nllo\r\n0\r\n\r\n",
        ]
        try withServer(routes: { router in
            router.on(.post, "/echo") { request, _ in Response(status: .ok, body: request.body) }
        }) { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 10)
            for request in requests {
                try connection.send(request)
                let response = try connection.readResponse()
                #expect(response.status == 200 && response.text == "hello", "\(request.debugDescription)")
            }
        }
    }
}
