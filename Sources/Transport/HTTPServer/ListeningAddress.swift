#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the server listens: the first address getaddrinfo gives for the host (a numeric address, or a name such as
/// "localhost"), with the port, as the shim hands it to libmicrohttpd.
struct ListeningAddress {
    private var storage = sockaddr_storage()

    init(host: String, port: UInt16) throws(HTTPServer.StartError) {
        // Any socket type: every entry for a host carries the same addresses, and only the first is used.
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var addresses: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &addresses)
        guard status == 0, let first = addresses?.pointee, let address = first.ai_addr else {
            if let addresses { freeaddrinfo(addresses) }
            let reason = String(cString: gai_strerror(status))
            throw HTTPServer.StartError(description: "cannot resolve the host to listen on: \(reason) (\(host):\(port))")
        }
        withUnsafeMutableBytes(of: &storage) { bytes in
            bytes.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(first.ai_addrlen)))
        }
        freeaddrinfo(addresses)
    }

    /// The address as a `sockaddr` pointer, valid during `body`.
    func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>) -> Result) -> Result {
        withUnsafePointer(to: storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
        }
    }
}
