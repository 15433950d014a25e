#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP client connection that gives up at a deadline, for `openmarket healthcheck`: the only platform-specific
/// code of the check. The descriptor is non-blocking and every step polls first, so a server that accepts but never
/// answers cannot hang a container's health check.
final class DeadlineSocket {
    private let descriptor: Int32
    private let deadline: ContinuousClock.Instant

    /// Connects to the first address of `host` that accepts ("localhost" may name ::1 before 127.0.0.1).
    init(host: String, port: UInt16, deadline: ContinuousClock.Instant) throws(HealthcheckFailure) {
        // A server that hangs up mid-request must produce a message, not end the check by a signal.
        signal(SIGPIPE, SIG_IGN)
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var addresses: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &addresses)
        guard status == 0 else {
            throw HealthcheckFailure("cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(addresses) }
        var failure = HealthcheckFailure("no address for \(host)")
        var candidate = addresses
        while let address = candidate?.pointee {
            do {
                descriptor = try Self.open(address, deadline: deadline)
                self.deadline = deadline
                return
            } catch {
                failure = error
            }
            candidate = address.ai_next
        }
        throw failure
    }

    deinit {
        close(descriptor)
    }

    func send(_ bytes: [UInt8]) throws(HealthcheckFailure) {
        var offset = 0
        while offset < bytes.count {
            try Self.wait(descriptor, for: POLLOUT, until: deadline, while: "sending the request")
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                guard Self.isRetryable(errno) else { throw HealthcheckFailure.system("sending the request", errno) }
                continue
            }
            offset += written
        }
    }

    /// The next bytes the server sent, at most `limit`; empty once it has closed the connection.
    func receive(upTo limit: Int) throws(HealthcheckFailure) -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: limit)
        while true {
            try Self.wait(descriptor, for: POLLIN, until: deadline, while: "waiting for the answer")
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count >= 0 { return Array(chunk[..<count]) }
            guard Self.isRetryable(errno) else { throw HealthcheckFailure.system("reading the answer", errno) }
        }
    }

    private static func open(_ address: addrinfo, deadline: ContinuousClock.Instant) throws(HealthcheckFailure) -> Int32 {
        let descriptor = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
        guard descriptor >= 0 else { throw HealthcheckFailure.system("creating a socket", errno) }
        do throws(HealthcheckFailure) {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            if connect(descriptor, address.ai_addr, address.ai_addrlen) != 0 {
                guard errno == EINPROGRESS || errno == EINTR else { throw HealthcheckFailure.system("connecting", errno) }
                try wait(descriptor, for: POLLOUT, until: deadline, while: "connecting")
                var pending: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &pending, &length)
                guard pending == 0 else { throw HealthcheckFailure.system("connecting", pending) }
            }
            return descriptor
        } catch {
            close(descriptor)
            throw error
        }
    }

    private static func wait(
        _ descriptor: Int32, for event: Int32, until deadline: ContinuousClock.Instant, while activity: String
    ) throws(HealthcheckFailure) {
        while true {
            let remaining = deadline - .now
            guard remaining > .zero else { throw HealthcheckFailure("timed out \(activity)") }
            let (seconds, attoseconds) = remaining.components
            let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            var entry = pollfd(fd: descriptor, events: Int16(event), revents: 0)
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return }
            if ready < 0, !isRetryable(errno) { throw HealthcheckFailure.system(activity, errno) }
        }
    }

    private static func isRetryable(_ code: Int32) -> Bool {
        code == EINTR || code == EAGAIN || code == EWOULDBLOCK
    }
}

extension HealthcheckFailure {
    /// The C library's wording for an errno, e.g. "connecting: Connection refused".
    static func system(_ activity: String, _ code: Int32) -> HealthcheckFailure {
        HealthcheckFailure("\(activity): \(String(cString: strerror(code)))")
    }
}
