import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A parsed HTTP/1.1 response as it came off the socket.
package struct RawResponse: Sendable {
    package var status: Int
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]

    package init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    package func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    package var text: String { String(decoding: body, as: UTF8.self) }
}

package struct RawHTTPError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// A blocking TCP connection to a loopback server that writes exact bytes and reads whole responses, so tests can
/// check keep-alive, malformed requests and timeouts that URLSession would hide.
package final class RawHTTPConnection {
    private let socketDescriptor: Int32
    private var buffered: [UInt8] = []

    /// Connects to `host` (127.0.0.1 unless told, or another IPv4 address of this machine, to be a non-loopback
    /// peer) with a receive timeout, so no test can hang on a silent server. `clientAddress` is the loopback address
    /// the connection comes from. `sendBufferBytes` fixes the socket's send buffer (the kernel otherwise grows it to
    /// megabytes on loopback), so that what the client has sent shows how fast the server reads.
    package init(
        port: UInt16, host: String = "127.0.0.1", timeoutSeconds: Int = 10, clientAddress: String? = nil,
        sendBufferBytes: Int32? = nil
    ) throws {
        socketDescriptor = try LoopbackSocket.make()
        // From here on a throw runs deinit, which closes the socket: closing it here too would close whatever
        // descriptor took its number meanwhile, such as another test's server socket.
        if let clientAddress {
            try LoopbackSocket.bindClient(socketDescriptor, to: clientAddress)
        }
        // A server that closes early (a 413 before the body) must fail the write, not kill the whole test run.
        signal(SIGPIPE, SIG_IGN)
        if var sendBufferBytes {
            setsockopt(socketDescriptor, SOL_SOCKET, SO_SNDBUF, &sendBufferBytes, socklen_t(MemoryLayout<Int32>.size))
        }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(socketDescriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = LoopbackSocket.address(port: port, host: host)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            throw RawHTTPError("connect to port \(port) failed (errno \(errno))")
        }
    }

    deinit {
        close(socketDescriptor)
    }

    package func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(socketDescriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { throw RawHTTPError("write failed (errno \(errno))") }
            offset += written
        }
    }

    package func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// Waits until the server's kernel has acknowledged every byte sent: then the bytes (and the connection) are in
    /// the server's socket. A write returns once they are in this socket's buffer, and on a loaded machine the
    /// loopback may deliver them only later.
    package func waitUntilAcknowledged(timeoutSeconds: Int = 10) throws {
        let deadline = ContinuousClock.now + .seconds(timeoutSeconds)
        while unacknowledgedBytes() > 0 {
            guard ContinuousClock.now < deadline else {
                throw RawHTTPError("the server did not acknowledge what was sent within \(timeoutSeconds) s")
            }
            usleep(1000)
        }
    }

    private func unacknowledgedBytes() -> Int32 {
        var count: Int32 = 0
        #if canImport(Glibc)
        _ = ioctl(socketDescriptor, UInt(TIOCOUTQ), &count)  // Bytes not sent yet or not acknowledged.
        #else
        var length = socklen_t(MemoryLayout<Int32>.size)
        _ = getsockopt(socketDescriptor, SOL_SOCKET, SO_NWRITE, &count, &length)  // The same, on Darwin.
        #endif
        return count
    }

    /// Sends a request with Content-Length set from the body.
    package func request(
        _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) throws -> RawResponse {
        var head = "\(method) \(target) HTTP/1.1\r\n"
        if !headers.contains(where: { $0.0.lowercased() == "host" }) { head += "Host: 127.0.0.1\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PATCH" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        try send(Array(head.utf8) + body)
        return try readResponse(bodyExpected: method != "HEAD")
    }

    /// Reads one response; the body is delimited by Content-Length or, without it, by the connection closing.
    package func readResponse(bodyExpected: Bool = true) throws -> RawResponse {
        let headEnd = try readUntilHeadEnd()
        let head = String(decoding: buffered[..<headEnd], as: UTF8.self)
        buffered.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw RawHTTPError("bad status line in \(head)")
        }
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var response = RawResponse(status: status, headers: headers, body: [])
        guard bodyExpected, status != 204, status != 304 else { return response }
        if let lengthText = response.header("Content-Length"), let length = Int(lengthText) {
            while buffered.count < length {
                guard try fill() else { throw RawHTTPError("connection closed inside the body") }
            }
            response.body = Array(buffered[..<length])
            buffered.removeFirst(length)
        } else {
            while try fill() {}
            response.body = buffered
            buffered = []
        }
        return response
    }

    /// True when the server has closed the connection (read returns end of file) within the receive timeout.
    package func isClosedByPeer() -> Bool {
        var byte: UInt8 = 0
        return read(socketDescriptor, &byte, 1) == 0
    }

    /// Everything the server sends until it closes the connection, and the errno that ended the reading when it
    /// did not end cleanly (ECONNRESET after a reset, EAGAIN after the receive timeout).
    package func readUntilClosed() -> (bytes: [UInt8], failure: Int32?) {
        var chunk = [UInt8](repeating: 0, count: 65536)
        var received = buffered
        buffered = []
        while true {
            let count = chunk.withUnsafeMutableBytes { read(socketDescriptor, $0.baseAddress, $0.count) }
            if count < 0 { return (received, errno) }
            if count == 0 { return (received, nil) }
            received.append(contentsOf: chunk[..<count])
        }
    }

    private func readUntilHeadEnd() throws -> Int {
        let terminator: [UInt8] = [13, 10, 13, 10]
        var searchFrom = 0
        while true {
            if buffered.count >= 4 {
                for index in searchFrom...(buffered.count - 4) where buffered[index..<(index + 4)].elementsEqual(terminator) {
                    return index
                }
                searchFrom = buffered.count - 3
            }
            guard try fill() else { throw RawHTTPError("connection closed before a response arrived") }
        }
    }

    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { read(socketDescriptor, $0.baseAddress, $0.count) }
        if count < 0 { throw RawHTTPError("read failed or timed out (errno \(errno))") }
        buffered.append(contentsOf: chunk[..<count])
        return count > 0
    }
}
