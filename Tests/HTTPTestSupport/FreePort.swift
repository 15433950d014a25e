#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

package enum FreePort {
    /// A loopback port that was free a moment ago: bind to port 0, read what the system chose, release it.
    package static func find() throws -> UInt16 {
        let descriptor = try LoopbackSocket.make()
        defer { close(descriptor) }
        return try LoopbackSocket.bindToFreePort(descriptor, listening: false)
    }
}
