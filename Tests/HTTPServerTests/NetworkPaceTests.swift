import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketHTTPCore
import OpenMarketHTTPServer
import OpenMarketHTTPTestSupport
import Testing

/// A slow network over a real socket: the server reads a request body at the upload rate (so the client can only
/// send as fast as that) and sends a response body at the download rate. Times are the test's own clock, with wide
/// margins: 300 KB at 100 KB/s is 3 s.
@Suite("A slow network over real sockets")
struct NetworkPaceTests {
    private static let size = 300_000
    private static let pace = NetworkPace(NetworkPace.Rates(uploadBytesPerSecond: 100_000, downloadBytesPerSecond: 100_000))

    private static func withPacedServer<T>(_ body: (HTTPServer) throws -> T) throws -> T {
        var router = Router { error in Response(status: error.status) }
        router.on(.post, "/upload") { request, _ in Response(status: .ok, body: Array("\(request.body.count)".utf8)) }
        router.on(.get, "/download") { _, _ in Response(status: .ok, body: [UInt8](repeating: 7, count: size)) }
        let server = try HTTPServer(configuration: ServerConfiguration(port: 0), router: router, pace: pace)
        defer { server.stop() }
        return try body(server)
    }

    @Test("the control plane is not paced: 300 KB each way under /__admin cross at once at 50 bytes a second")
    func controlPlaneIsNotPaced() throws {
        var router = Router { error in Response(status: error.status) }
        router.on(.post, "/__admin/echo") { request, _ in Response(status: .ok, body: Array("\(request.body.count)".utf8)) }
        router.on(.get, "/__admin/state") { _, _ in Response(status: .ok, body: [UInt8](repeating: 7, count: Self.size)) }
        let crawl = NetworkPace(NetworkPace.Rates(uploadBytesPerSecond: 50, downloadBytesPerSecond: 50))
        let server = try HTTPServer(configuration: ServerConfiguration(port: 0), router: router, pace: crawl)
        defer { server.stop() }
        // Paced, either body would take 100 minutes: the connection's 10 s timeout would end it.
        let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 10)
        let download = try connection.request("GET", "/__admin/state?x=1")
        #expect(download.status == 200 && download.body.count == Self.size)
        try connection.send("POST //__admin/echo HTTP/1.1\r\nHost: x\r\nContent-Length: \(Self.size)\r\n\r\n")
        try connection.send([UInt8](repeating: 1, count: Self.size))
        let upload = try connection.readResponse()
        #expect(upload.status == 200 && upload.text == "\(Self.size)")
    }

    @Test("a 300 KB download at 100 KB/s takes about 3 s")
    func download() throws {
        try Self.withPacedServer { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 10)
            let started = ContinuousClock.now
            let response = try connection.request("GET", "/download")
            let elapsed = ContinuousClock.now - started
            #expect(response.status == 200)
            #expect(response.body.count == Self.size)
            #expect(elapsed > .milliseconds(2_400) && elapsed < .seconds(6), "took \(elapsed)")
            print("paced download of \(Self.size) bytes: \(elapsed)")
        }
    }

    @Test("a 300 KB upload at 100 KB/s takes about 3 s, and the client's bytes go out in steps")
    func upload() throws {
        try Self.withPacedServer { server in
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 10, sendBufferBytes: 16_384)
            let piece = 10_000
            let started = ContinuousClock.now
            try connection.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: \(Self.size)\r\n\r\n")
            // When each piece was taken by the socket: the client's own view of its upload's progress.
            var progress: [(bytes: Int, at: Duration)] = []
            for sent in stride(from: piece, through: Self.size, by: piece) {
                try connection.send([UInt8](repeating: 1, count: piece))
                progress.append((sent, ContinuousClock.now - started))
            }
            let response = try connection.readResponse()
            let elapsed = ContinuousClock.now - started
            #expect(response.status == 200)
            #expect(response.text == "\(Self.size)")
            #expect(elapsed > .milliseconds(2_400) && elapsed < .seconds(6), "took \(elapsed)")
            // Not all at once: by one second the client has sent well under all of it, and the last half goes out
            // over more than a second.
            let byOneSecond = progress.last { $0.at <= .seconds(1) }?.bytes ?? 0
            let half = try #require(progress.first { $0.bytes >= Self.size / 2 }).at
            let whole = try #require(progress.last).at
            #expect(byOneSecond < Self.size * 3 / 4, "sent by 1 s: \(byOneSecond)")
            #expect(whole - half > .seconds(1), "half at \(half), all at \(whole)")
            let steps = progress.map { "\($0.bytes / 1_000) KB at \($0.at.formatted(.units(allowed: [.milliseconds])))" }
            print("paced upload of \(Self.size) bytes: \(elapsed); progress: \(steps.joined(separator: ", "))")
        }
    }

    /// libmicrohttpd hands a chunked body over a chunk at a time and, with more chunks already read, calls again at
    /// once, even when the first call suspended the connection: suspending it a second time would tear its lists.
    @Test("a paced chunked body whose many small chunks arrive in one read is read whole, and the server goes on")
    func chunkedUploadInSmallChunks() throws {
        try Self.withPacedServer { server in
            let chunks = 300
            let chunk = String(repeating: "a", count: 100)
            let body = String(repeating: "64\r\n\(chunk)\r\n", count: chunks) + "0\r\n\r\n"
            let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 20)
            try connection.send("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + body)
            let response = try connection.readResponse()
            #expect(response.status == 200 && response.text == "\(chunks * chunk.count)")
            let short = [UInt8](repeating: 1, count: 10)
            #expect(try connection.request("POST", "/upload", body: short).text == "10", "the same connection goes on")
            let another = try RawHTTPConnection(port: server.port, timeoutSeconds: 20)
            #expect(try another.request("POST", "/upload", body: short).text == "10", "and so do new ones")
        }
    }

    @Test("an upload task's progress (didSendBodyData) moves in steps over the seconds the body takes to cross")
    func uploadTaskProgress() async throws {
        var router = Router { error in Response(status: error.status) }
        router.on(.post, "/upload") { request, _ in Response(status: .ok, body: Array("\(request.body.count)".utf8)) }
        let pace = NetworkPace()
        // Once, under AddressSanitizer with the whole suite beside it, nothing crossed for 35 s after 4.5 s and the
        // upload ended without an answer, as the 30 s idle timeout ends it. Which side was starved is not known: the
        // deadlines here are hang guards, and a server that stopped reading still fails the request's timeout.
        let configuration = ServerConfiguration(port: 0, connectionTimeoutSeconds: 120)
        let server = try HTTPServer(configuration: configuration, router: router, pace: pace)
        defer { server.stop() }
        // Set while the server runs, as /__admin/network does: connections made after it start as over a slow link.
        pace.rates = Self.pace.rates
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(server.port)/upload")))
        request.httpMethod = "POST"
        request.timeoutInterval = 120
        // Twice the other tests' body: the client's own buffers (libcurl's 64 KB, the kernel's send buffer) take
        // about 250 KB at once, as on a real link; the rest is handed over only as the server reads.
        let size = 2 * Self.size
        let started = ContinuousClock.now
        let upload = await UploadProgressObserver().run(request, body: Data(repeating: 1, count: size))
        let elapsed = ContinuousClock.now - started
        #expect(
            upload.status == 200 && upload.error == nil,
            "status \(upload.status.map(String.init) ?? "none"), error \(upload.error.map { "\($0)" } ?? "none")")
        #expect(elapsed > .milliseconds(5_000), "took \(elapsed)")
        let last = try #require(upload.progress.last)
        #expect(last.totalBytesSent == Int64(size))
        // Reports reach the delegate late, never early: the whole body cannot have been handed over before this.
        // Without the slow link's segments and window it is handed over within milliseconds. The client's buffers
        // grow with the machine's load (430 KB were taken at once in one loaded run, the last report at 1.7 s): at
        // most 500 KB of the 600 leaves the rest a second at the rate.
        #expect(last.at - started > .seconds(1), "all handed over after \(last.at - started)")
        let steps = upload.progress.map {
            "\($0.totalBytesSent / 1_000) KB at \(($0.at - started).formatted(.units(allowed: [.milliseconds])))"
        }
        print("upload task progress for \(size) bytes at 100 KB/s: \(steps.joined(separator: ", ")); done in \(elapsed)")
    }

    @Test("without a rate, the same bodies go at full speed")
    func unlimited() throws {
        var router = Router { error in Response(status: error.status) }
        router.on(.get, "/download") { _, _ in Response(status: .ok, body: [UInt8](repeating: 7, count: Self.size)) }
        let server = try HTTPServer(configuration: ServerConfiguration(port: 0), router: router)
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 10)
        let started = ContinuousClock.now
        #expect(try connection.request("GET", "/download").body.count == Self.size)
        #expect(ContinuousClock.now - started < .seconds(2))
    }
}
