#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import OpenMarketHTTPTestSupport

/// A loopback listener for what the emulator never does: answer one connection with fixed bytes, or (with no
/// answer) accept nothing at all, so a client's connection waits in the backlog for an answer that never comes.
final class CannedHTTPServer {
    let port: UInt16
    private let listener: Int32
    private let requestLines = RequestLines()

    init(answer: String?) throws {
        let descriptor = try LoopbackSocket.make()
        do {
            port = try LoopbackSocket.bindToFreePort(descriptor, listening: true)
        } catch {
            close(descriptor)
            throw error
        }
        listener = descriptor
        guard let answer else { return }
        let lines = requestLines
        Thread { Self.answerOnce(descriptor, with: Array(answer.utf8), recordingIn: lines) }.start()
    }

    deinit {
        close(listener)
    }

    /// The request lines received so far, e.g. "GET /items/1 HTTP/1.1".
    var received: [String] { requestLines.all }

    /// Waits (at most 10 s) for one connection, reads its head, answers and hangs up.
    private static func answerOnce(_ listener: Int32, with answer: [UInt8], recordingIn lines: RequestLines) {
        var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        guard poll(&waiting, 1, 10_000) == 1 else { return }
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return }
        defer { close(connection) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var head: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !head.ends(with: [13, 10, 13, 10]) {
            let count = chunk.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            head += chunk[..<count]
        }
        lines.add(String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")[0])
        _ = answer.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
    }
}

private final class RequestLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
