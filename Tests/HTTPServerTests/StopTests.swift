import Foundation
import OpenMarketHTTPCore
import OpenMarketHTTPServer
import OpenMarketHTTPTestSupport
import OpenMarketLocking
import Testing

@Suite("Graceful stop over real sockets")
struct StopTests {
    @Test("requests fully sent before the stop but not yet read by the server are still answered")
    func requestsWaitingInTheBacklogAreAnswered() throws {
        var router = Router { error in Response(status: error.status) }
        okRoute(&router)
        let entered = DispatchSemaphore(value: 0)
        router.on(.get, "/slow") { _, _ in
            entered.signal()
            Thread.sleep(forTimeInterval: 0.3)
            return Response(status: .ok)
        }
        // A grace far above what eight requests take, and reads as patient: on a loaded two-core machine running the
        // whole suite in parallel, the daemon thread may get no time for seconds.
        let server = try HTTPServer(
            configuration: ServerConfiguration(port: 0, threads: 1, shutdownGraceMilliseconds: 30_000), router: router)
        // The only daemon thread is busy with this request, so the next connections wait unaccepted in the backlog.
        let busy = try RawHTTPConnection(port: server.port, timeoutSeconds: 5)
        try busy.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(entered.wait(timeout: .now() + 10) == .success)
        var waiting: [RawHTTPConnection] = []
        for _ in 0..<8 {
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 30)
            try connection.send("GET /healthChecker HTTP/1.1\r\nHost: x\r\n\r\n")
            try connection.waitUntilAcknowledged()
            waiting.append(connection)
        }
        server.stop()
        #expect(try busy.readResponse().status == 200)
        for connection in waiting {
            #expect((try? connection.readResponse().status) == 200)
        }
    }

    @Test("a request sent on a new connection just before the stop is answered, thirty servers over")
    func requestJustBeforeTheStopIsAnswered() throws {
        var router = Router { error in Response(status: error.status) }
        okRoute(&router)
        for round in 0..<30 {
            let server = try HTTPServer(
                configuration: ServerConfiguration(port: 0, threads: 2, shutdownGraceMilliseconds: 30_000), router: router)
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 30)
            try connection.send("GET /healthChecker HTTP/1.1\r\nHost: x\r\n\r\n")
            try connection.waitUntilAcknowledged()
            // Whether the connection is still in the backlog, accepted but not yet registered, or read but not yet
            // parsed when the stop comes, its request came first.
            server.stop()
            #expect((try? connection.readResponse().status) == 200, "round \(round)")
        }
    }

    @Test("a stop while two daemon threads are busy with kept-alive clients ends cleanly, twenty times over")
    func stopUnderLoad() throws {
        var router = Router { error in Response(status: error.status) }
        okRoute(&router)
        // libmicrohttpd's own stop of accepting (MHD_quiesce_daemon) could abort the process here, on epoll with a
        // thread pool, when a worker took the listening socket out of its epoll set at the same moment.
        for _ in 0..<20 {
            let server = try HTTPServer(configuration: ServerConfiguration(port: 0, threads: 2), router: router)
            let answered = Locked(0)
            let busy = DispatchSemaphore(value: 0)
            let clients = DispatchGroup()
            // Each client on a thread of its own, not on Dispatch's global queue: with the whole suite running in
            // parallel on two cores, that queue's few threads can all be held by other tests' blocking waits (as
            // this test's own waits hold a thread of Swift's cooperative pool), and then no client runs until long
            // after the wait for 40 answers has given up.
            for _ in 0..<4 {
                clients.enter()
                Thread {
                    defer { clients.leave() }
                    guard let connection = try? RawHTTPConnection(port: server.port, timeoutSeconds: 30) else { return }
                    // Until the stop closes the connection; bounded in case it never does.
                    for _ in 0..<100_000 {
                        guard (try? connection.request("GET", "/healthChecker"))?.status == 200 else { return }
                        if answered.withLock({ $0 += 1; return $0 }) == 40 { busy.signal() }
                    }
                }.start()
            }
            #expect(busy.wait(timeout: .now() + 30) == .success, "40 requests answered before the stop")
            server.stop()
            #expect(clients.wait(timeout: .now() + 60) == .success, "every client saw its connection end")
            #expect(throws: (any Error).self) {
                try RawHTTPConnection(port: server.port, timeoutSeconds: 1).request("GET", "/healthChecker")
            }
        }
    }
}
