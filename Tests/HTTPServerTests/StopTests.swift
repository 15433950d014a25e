import Foundation
import HTTPCore
import HTTPServer
import HTTPTestSupport
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
            waiting.append(connection)
        }
        server.stop()
        #expect(try busy.readResponse().status == 200)
        for connection in waiting {
            #expect((try? connection.readResponse().status) == 200)
        }
    }
}
