#if os(Linux)
import Foundation
import Glibc
import OpenMarketHTTPTestSupport
import Testing

/// Memory the real server holds for clients that ask for a large image and then read nothing.
@Suite("Slow image readers")
struct SlowReaderMemoryTests {
    private static let imageBytes = 8_000_000
    private static let readers = 24

    @Test("readers of one image share its bytes: memory does not grow by a copy per reader",
          .disabled(if: Sanitizer.addressIsLoaded, "AddressSanitizer's quarantine and shadow memory are the peak"))
    func slowReadersShareOneCopy() throws {
        let server = try ServerProcess(["--port", "0", "--database", ":memory:", "--log-level", "warning"])
        defer { _ = server.stop() }
        let path = try DemoMarket.createProduct(port: server.port, imageBytes: Self.imageBytes).imagePath
        let before = try DemoMarket.residentBytes(of: server.processIdentifier)

        let stalled = try (0..<Self.readers).map { _ in try Self.requestAndNeverRead(path, port: server.port) }
        defer { stalled.forEach { close($0) } }
        // Sampled until the journal holds every request (it records each once its answer is handed over), then
        // a few times more while the answers sit unread.
        let admin = try RawHTTPConnection(port: server.port)
        var peak = before
        var samplesAfterAll = 0
        let deadline = ContinuousClock.now + .seconds(60)
        while samplesAfterAll < 5, ContinuousClock.now < deadline {
            peak = max(peak, try DemoMarket.residentBytes(of: server.processIdentifier))
            let journal = try admin.request("GET", "/__admin/requests").json["requests"] as? [Any]
            if (journal?.count ?? 0) >= Self.readers + 1 { samplesAfterAll += 1 }
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(samplesAfterAll == 5, "the server did not answer every reader within 60 s")
        // A copy per reader would be 24 × 8 MB = 192 MB; shared, it is one copy plus what is in flight.
        #expect(peak - before < 8 * Self.imageBytes, "grew by \((peak - before) / 1_000_000) MB")
    }
    /// A connection whose receive buffer is tiny, so the server cannot hand the image to the kernel and be done.
    private static func requestAndNeverRead(_ path: String, port: UInt16) throws -> Int32 {
        let descriptor = try LoopbackSocket.make()
        var size: Int32 = 4096
        setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        var address = LoopbackSocket.address(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        guard connected == 0, write(descriptor, request, request.count) == request.count else {
            close(descriptor)
            throw RawHTTPError("could not send the request (errno \(errno))")
        }
        return descriptor
    }
}
#endif
