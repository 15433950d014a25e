import Foundation
import OpenMarketHTTPCore
import OpenMarketHTTPServer
import OpenMarketHTTPTestSupport
import OpenMarketLocking
import Testing

@Suite("Connections over real sockets")
struct ConnectionTests {
    @Test("many requests share one keep-alive connection")
    func keepAlive() throws {
        try withServer(routes: okRoute) { server in
            let connection = try RawHTTPConnection(port: server.port)
            for _ in 0..<200 {
                let response = try connection.request("GET", "/healthChecker")
                #expect(response.status == 200)
                #expect(response.text == "\"OK\"")
                #expect(response.header("Connection")?.lowercased() != "close")
            }
        }
    }

    @Test("64 concurrent clients are all answered")
    func concurrentClients() throws {
        try withServer(routes: okRoute) { server in
            let port = server.port
            let failures = Locked(0)
            let group = DispatchGroup()
            for _ in 0..<64 {
                group.enter()
                Thread.detachNewThread {
                    defer { group.leave() }
                    do {
                        let connection = try RawHTTPConnection(port: port)
                        for _ in 0..<25 where try connection.request("GET", "/healthChecker").status != 200 {
                            failures.withLock { $0 += 1 }
                        }
                    } catch {
                        failures.withLock { $0 += 1 }
                    }
                }
            }
            #expect(group.wait(timeout: .now() + 60) == .success)
            #expect(failures.withLock { $0 } == 0)
        }
    }

    @Test("404, 405 with Allow, and HEAD with the GET headers and no body, over the wire")
    func statusCodes() throws {
        try withServer(routes: okRoute) { server in
            let connection = try RawHTTPConnection(port: server.port)
            #expect(try connection.request("GET", "/nothing").status == 404)
            let wrongMethod = try connection.request("DELETE", "//healthChecker/")
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.header("Allow") == "GET, HEAD")
            let head = try connection.request("HEAD", "/healthChecker")
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "4")
            #expect(head.body.isEmpty)
            #expect(try connection.request("GET", "/healthChecker").text == "\"OK\"")  // the connection is still in step
        }
    }

    @Test("a huge Content-Length is refused with 413 at once, without sending the body")
    func declaredBodyTooLarge() throws {
        try withServer(configuration: ServerConfiguration(maxBodyBytes: 1024), routes: okRoute) { server in
            // Answered without the body: a server waiting for it would leave the read to time out.
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 10)
            try connection.send("POST /healthChecker HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000000\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 413)
            #expect(response.text.contains("--max-body-bytes"))
        }
    }

    @Test("a chunked body that grows past the cap gets 413")
    func chunkedBodyTooLarge() throws {
        try withServer(configuration: ServerConfiguration(maxBodyBytes: 1000), routes: { router in
            router.on(.post, "/upload") { request, _ in Response(status: .ok, body: Array("\(request.body.count)".utf8)) }
        }) { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 5)
            let chunk = String(repeating: "a", count: 600)
            try connection.send("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            try connection.send("258\r\n\(chunk)\r\n258\r\n\(chunk)\r\n0\r\n\r\n")
            #expect(try connection.readResponse().status == 413)

            let small = try RawHTTPConnection(port: server.port, timeoutSeconds: 5)
            try small.send("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n258\r\n\(chunk)\r\n0\r\n\r\n")
            let accepted = try small.readResponse()
            #expect(accepted.status == 200)
            #expect(accepted.text == "600")
        }
    }

    @Test("an idle connection is dropped after the connection timeout")
    func idleTimeout() throws {
        try withServer(configuration: ServerConfiguration(connectionTimeoutSeconds: 1), routes: okRoute) { server in
            // A read that times out (20 s, far past the 1 s) is not a close by the peer.
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 20)
            #expect(try connection.request("GET", "/healthChecker").status == 200)
            #expect(connection.isClosedByPeer())
        }
    }

    @Test("stopping waits for a request in flight and still answers it")
    func gracefulStop() throws {
        var router = Router { error in Response(status: error.status) }
        let entered = DispatchSemaphore(value: 0)
        router.on(.get, "/slow") { _, _ in
            entered.signal()
            Thread.sleep(forTimeInterval: 0.5)
            return Response(status: .ok, body: Array("done".utf8))
        }
        let server = try HTTPServer(configuration: ServerConfiguration(port: 0), router: router)
        let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 5)
        try connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(entered.wait(timeout: .now() + 10) == .success)
        server.stop()
        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "done")
        #expect(throws: (any Error).self) { try RawHTTPConnection(port: server.port, timeoutSeconds: 1).request("GET", "/slow") }
    }

    @Test("a client that sent only part of its headers does not hold up a stop")
    func halfSentRequest() throws {
        var router = Router { _ in Response(status: .internalServerError) }
        okRoute(&router)
        let server = try HTTPServer(configuration: ServerConfiguration(port: 0, connectionTimeoutSeconds: 120), router: router)
        let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 5)
        // A whole request first: once it is answered, the connection is surely the server's, then half of the next.
        #expect(try connection.request("GET", "/healthChecker").status == 200)
        try connection.send("GET /healthChecker HTTP/1.1\r\nHost: x\r\n")
        let started = ContinuousClock.now
        server.stop()
        // Generous: what is ruled out is waiting for the client, up to the 120 s connection timeout.
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    @Test("bodies arrive byte for byte, including binary")
    func bodyRoundTrip() throws {
        try withServer(routes: { router in
            router.on(.post, "/echo") { request, _ in Response(status: .ok, body: request.body) }
        }) { server in
            let connection = try RawHTTPConnection(port: server.port)
            var generator = SystemRandomNumberGenerator()
            let body = (0..<300_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let response = try connection.request("POST", "/echo", body: body)
            #expect(response.status == 200)
            #expect(response.body == body)
        }
    }
}
