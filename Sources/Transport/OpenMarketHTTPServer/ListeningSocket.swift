#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket the server listens on, bound to the first address getaddrinfo gives for the host (a numeric address,
/// or a name such as "localhost") and listening, non-blocking and closed on exec. The shim owns it from
/// `http_shim_start` on: it accepts from it and closes it, also when it cannot start.
struct ListeningSocket {
    let descriptor: Int32
    /// The port bound: the one asked for, or the one the system chose for port 0.
    let port: UInt16

    init(host: String, port: UInt16) throws(HTTPServer.StartError) {
        var storage = try Self.resolve(host: host, port: port)
        let family = Int32(storage.ss_family)
        let length = socklen_t(family == AF_INET6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let descriptor = socket(family, stream, 0)
        guard descriptor >= 0 else { throw Self.failure(host, port) }
        var on: Int32 = 1
        let optionLength = socklen_t(MemoryLayout<Int32>.size)
        // As libmicrohttpd's own listener: a restart may take the port at once, and "::" is IPv6 only.
        let ready =
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, optionLength) == 0
            && (family != AF_INET6 || setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, optionLength) == 0)
            && withUnsafePointer(to: &storage) { address in
                address.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 }
            }
            && listen(descriptor, SOMAXCONN) == 0
            && fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) == 0
            && fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0
        guard ready, let bound = Self.boundPort(descriptor) else {
            let error = Self.failure(host, port)
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        self.port = bound
    }

    private static func resolve(host: String, port: UInt16) throws(HTTPServer.StartError) -> sockaddr_storage {
        // Any socket type: every entry for a host carries the same addresses, and only the first is used.
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var addresses: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &addresses)
        defer { if let addresses { freeaddrinfo(addresses) } }
        guard status == 0, let first = addresses?.pointee, let address = first.ai_addr else {
            let reason = String(cString: gai_strerror(status))
            throw HTTPServer.StartError(description: "cannot resolve the host to listen on: \(reason) (\(host):\(port))")
        }
        var storage = sockaddr_storage()
        withUnsafeMutableBytes(of: &storage) { bytes in
            bytes.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(first.ai_addrlen)))
        }
        return storage
    }

    private static func boundPort(_ descriptor: Int32) -> UInt16? {
        var bound = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let found = withUnsafeMutablePointer(to: &bound) { address in
            address.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) == 0 }
        }
        guard found else { return nil }
        let networkOrder = withUnsafePointer(to: &bound) { address in
            Int32(address.pointee.ss_family) == AF_INET6
                ? address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port }
                : address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port }
        }
        return UInt16(bigEndian: networkOrder)
    }

    /// The system's reason (errno's), and the likely cause.
    private static func failure(_ host: String, _ port: UInt16) -> HTTPServer.StartError {
        let reason = String(cString: strerror(errno))
        return HTTPServer.StartError(
            description: "cannot listen on \(host):\(port): \(reason) (is the port already in use, or the address not "
                + "this machine's?)")
    }
}
