#if canImport(Glibc)
package import Glibc
#elseif canImport(Darwin)
package import Darwin
#endif

/// The socket calls the test helpers share; tests only ever talk to 127.0.0.1.
package enum LoopbackSocket {
    /// A new IPv4 TCP socket.
    package static func make() throws -> Int32 {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw RawHTTPError("socket() failed (errno \(errno))") }
        return descriptor
    }

    /// `host` (127.0.0.1 unless told; on Linux every 127.x.y.z is a distinct local address, and another IPv4 address
    /// of this machine makes a non-loopback peer) at `port`.
    package static func address(port: UInt16, host: String = "127.0.0.1") -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        return address
    }

    /// Makes `descriptor`'s connections come from `host`, so a server sees it as another client.
    package static func bindClient(_ descriptor: Int32, to host: String) throws {
        var address = address(port: 0, host: host)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard bound else { throw RawHTTPError("could not bind to \(host) (errno \(errno))") }
    }

    /// Binds `descriptor` to a loopback port the system chooses (listening if asked) and returns that port.
    package static func bindToFreePort(_ descriptor: Int32, listening: Bool) throws -> UInt16 {
        var address = address(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && (!listening || listen(descriptor, 8) == 0)
                    && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else { throw RawHTTPError("could not bind a loopback port (errno \(errno))") }
        return UInt16(bigEndian: address.sin_port)
    }
}
