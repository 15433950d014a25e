#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import OpenMarketLocking

/// Collects log lines in memory and writes them out in batches, at most `flushInterval` later, so that logging a
/// request costs a short locked append instead of a write(2) on every request (that syscall halved throughput).
/// Unchecked Sendable only for `flusher`, a Dispatch timer (not marked Sendable) that `init` sets up and nothing
/// touches again; the buffers are `Locked`.
package final class LogSink: @unchecked Sendable {
    /// Standard error, flushed every 20 ms on a background queue.
    package static let standardError = LogSink(fileDescriptor: 2, flushInterval: 0.02)

    private let fileDescriptor: Int32
    /// Locked only while a line is appended or the buffers are swapped.
    private let pending: Locked<[UInt8]>
    /// The batch being written, swapped with `pending`, so neither buffer is ever reallocated. Locked for a whole
    /// flush, so batches reach the file in the order they were taken.
    private let writing: Locked<[UInt8]>
    /// Above this many pending bytes the appender flushes itself rather than wait for the timer.
    private let highWater = 1 << 20

    /// A Dispatch timer rather than a Foundation thread: the server links no Foundation (see docker/Dockerfile).
    private let flusher = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "log flusher"))

    /// `flushInterval` in seconds.
    init(fileDescriptor: Int32, flushInterval: Double) {
        self.fileDescriptor = fileDescriptor
        pending = Locked([])
        writing = Locked([])
        pending.withLock { $0.reserveCapacity(64 * 1024) }
        writing.withLock { $0.reserveCapacity(64 * 1024) }
        flusher.schedule(deadline: .now() + flushInterval, repeating: flushInterval)
        flusher.setEventHandler { [weak self] in self?.flush() }
        flusher.resume()
    }

    /// Appends one line that `format` writes; the lock is held only while it runs.
    package func appendLine(_ format: (inout LogLine) -> Void) {
        let overflowing = pending.withLock { pending in
            var line = LogLine()
            swap(&line.bytes, &pending)
            format(&line)
            line.bytes.append(UInt8(ascii: "\n"))
            swap(&line.bytes, &pending)
            return pending.count > highWater
        }
        if overflowing { flush() }
    }

    /// Writes everything pending; call it before the process exits.
    package func flush() {
        writing.withLock { writing in
            pending.withLock { swap(&$0, &writing) }
            var offset = 0
            while offset < writing.count {
                let written = writing[offset...].withUnsafeBytes { write(fileDescriptor, $0.baseAddress, $0.count) }
                guard written > 0 else { break }  // A closed stderr must not take the server down.
                offset += written
            }
            writing.removeAll(keepingCapacity: true)
        }
    }
}

/// One log line being written into the sink's buffer, without building Strings for its numbers.
package struct LogLine {
    fileprivate var bytes: [UInt8] = []

    /// The UTC time to the millisecond, e.g. `2026-11-22T03:21:31.123Z`.
    package mutating func appendTimestamp() {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = time_t(now.tv_sec)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        appendNumber(Int(parts.tm_year) + 1900, width: 4)
        appendText("-")
        appendNumber(Int(parts.tm_mon) + 1, width: 2)
        appendText("-")
        appendNumber(Int(parts.tm_mday), width: 2)
        appendText("T")
        appendNumber(Int(parts.tm_hour), width: 2)
        appendText(":")
        appendNumber(Int(parts.tm_min), width: 2)
        appendText(":")
        appendNumber(Int(parts.tm_sec), width: 2)
        appendText(".")
        appendNumber(Int(now.tv_nsec) / 1_000_000, width: 3)
        appendText("Z")
    }

    /// A non-negative number in decimal, left-padded with zeros to `width`, written digit by digit in place.
    package mutating func appendNumber(_ value: Int, width: Int = 1) {
        let value = max(0, value)
        var divisor = 1
        var digits = 1
        while divisor <= value / 10 {
            divisor *= 10
            digits += 1
        }
        for _ in digits..<max(width, digits) { bytes.append(UInt8(ascii: "0")) }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    package mutating func appendText(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Text a client sent: control characters become `?`, so a request can neither break the line nor send
    /// escape sequences to the terminal that shows the log.
    package mutating func appendClientText(_ text: String) {
        for byte in text.utf8 {
            appendClientByte(byte)
        }
    }

    /// Client text in double quotes, as `appendClientText` writes it but with `"` and `\` escaped by a backslash,
    /// so the quoted part ends where it seems to whatever the client sent.
    mutating func appendQuotedClientText(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(UInt8(ascii: "\\"))
            }
            appendClientByte(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendClientByte(_ byte: UInt8) {
        bytes.append(byte < 0x20 || byte == 0x7F ? UInt8(ascii: "?") : byte)
    }
}
