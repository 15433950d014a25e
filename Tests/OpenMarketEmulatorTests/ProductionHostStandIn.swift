#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OpenMarketHTTPTestSupport

/// A loopback listener standing in for the real server's host: the emulators under test answer its address, so a
/// request that escapes them reaches this socket (and nothing else), where the kernel completes its connection
/// without anyone accepting it, and the test can see that it came.
final class ProductionHostStandIn: Sendable {
    let host: String
    private let listener: Int32

    init() throws {
        listener = try LoopbackSocket.make()
        host = "127.0.0.1:\(try LoopbackSocket.bindToFreePort(listener, listening: true))"
    }

    deinit {
        close(listener)
    }

    /// Whether a connection came within `milliseconds` (0: whether one has come already).
    func wasReached(within milliseconds: Int32 = 0) -> Bool {
        var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        return poll(&waiting, 1, milliseconds) == 1
    }
}
