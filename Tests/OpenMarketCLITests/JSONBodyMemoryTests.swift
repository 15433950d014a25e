#if os(Linux)
import Foundation
import OpenMarketHTTPTestSupport
import Testing

/// Memory the real server spends on a JSON body: at most a small multiple of its size, whatever it holds.
@Suite("JSON body memory")
struct JSONBodyMemoryTests {
    @Test("a huge array under a key nobody reads costs no more than a few copies of the body",
          .disabled(if: Sanitizer.addressIsLoaded, "AddressSanitizer's quarantine and shadow memory are the peak"))
    func ignoredArrayIsNotMaterialised() throws {
        let server = try ServerProcess(["--port", "0", "--database", ":memory:", "--log-level", "warning"])
        defer { _ = server.stop() }
        let id = try DemoMarket.createProduct(port: server.port, imageBytes: 1_000).id
        let elements = 2_000_000
        let body = Array(#"{"ignored":["#.utf8) + Array(repeating: Array("0,".utf8), count: elements - 1).flatMap { $0 }
            + Array(#"0],"secret":"demo-vendor-secret","price":2000}"#.utf8)
        let pid = server.processIdentifier
        let port = server.port
        let before = try DemoMarket.residentBytes(of: pid)

        let status = LockedStatus()
        let patch = Thread {
            let response = try? RawHTTPConnection(port: port, timeoutSeconds: 60).request(
                "PATCH", "/api/products/\(id)",
                headers: [("identifier", "demo-vendor-identifier"), ("Content-Type", "application/json")], body: body)
            status.set(response?.status ?? 0)
        }
        patch.start()
        var peak = before
        let deadline = ContinuousClock.now + .seconds(60)
        while status.value == nil && ContinuousClock.now < deadline {
            peak = max(peak, try DemoMarket.residentBytes(of: pid))
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(status.value == 202)
        // Each element as a parsed value would be about 40 bytes per 2 bytes of body, 80 MB here.
        #expect(peak - before < 8 * body.count, "grew by \((peak - before) / 1_000_000) MB for a \(body.count / 1_000_000) MB body")
    }
}

private final class LockedStatus: @unchecked Sendable {
    private let lock = NSLock()
    private var status: Int?

    func set(_ value: Int) { lock.withLock { status = value } }
    var value: Int? { lock.withLock { status } }
}
#endif
