#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Collects log lines in memory and writes them out in batches, at most `flushInterval` later, so that logging a
/// request costs a short locked copy instead of a write(2) on every request (that syscall halved throughput).
public final class LogSink: @unchecked Sendable {
    /// Standard error, flushed every 20 ms by a background thread.
    public static let standardError = LogSink(fileDescriptor: 2, flushInterval: 0.02)

    private let fileDescriptor: Int32
    private let lock = NSLock()
    private var pending: [UInt8] = []
    /// Above this many pending bytes the writer flushes itself rather than wait for the timer.
    private let highWater = 1 << 20

    public init(fileDescriptor: Int32, flushInterval: TimeInterval) {
        self.fileDescriptor = fileDescriptor
        pending.reserveCapacity(64 * 1024)
        let flusher = Thread { [weak self] in
            while let sink = self {
                Thread.sleep(forTimeInterval: flushInterval)
                sink.flush()
            }
        }
        flusher.name = "log flusher"
        flusher.start()
    }

    /// Appends one line that `format` writes into the pending buffer; the lock is held only while it runs.
    public func appendLine(_ format: (inout [UInt8]) -> Void) {
        let overflowing: Bool = lock.withLock {
            format(&pending)
            pending.append(UInt8(ascii: "\n"))
            return pending.count > highWater
        }
        if overflowing { flush() }
    }

    /// Writes everything pending; call it before the process exits.
    public func flush() {
        let batch: [UInt8] = lock.withLock {
            guard !pending.isEmpty else { return [] }
            defer { pending.removeAll(keepingCapacity: true) }
            return pending
        }
        var offset = 0
        while offset < batch.count {
            let written = batch[offset...].withUnsafeBytes { write(fileDescriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { return }  // A closed stderr must not take the server down.
            offset += written
        }
    }
}

extension [UInt8] {
    /// The UTC time to the millisecond, e.g. `2026-11-22T03:21:31.123Z`, without building a String.
    public mutating func appendTimestamp() {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = time_t(now.tv_sec)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        appendDigits(Int(parts.tm_year) + 1900, width: 4)
        append(UInt8(ascii: "-"))
        appendDigits(Int(parts.tm_mon) + 1, width: 2)
        append(UInt8(ascii: "-"))
        appendDigits(Int(parts.tm_mday), width: 2)
        append(UInt8(ascii: "T"))
        appendDigits(Int(parts.tm_hour), width: 2)
        append(UInt8(ascii: ":"))
        appendDigits(Int(parts.tm_min), width: 2)
        append(UInt8(ascii: ":"))
        appendDigits(Int(parts.tm_sec), width: 2)
        append(UInt8(ascii: "."))
        appendDigits(Int(now.tv_nsec) / 1_000_000, width: 3)
        append(UInt8(ascii: "Z"))
    }

    /// A non-negative number in decimal, left-padded with zeros to `width`.
    public mutating func appendDigits(_ value: Int, width: Int = 1) {
        var digits: [UInt8] = []
        var rest = Swift.max(0, value)
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        for _ in digits.count..<Swift.max(width, digits.count) { append(UInt8(ascii: "0")) }
        append(contentsOf: digits.reversed())
    }

    public mutating func appendText(_ text: String) {
        append(contentsOf: text.utf8)
    }
}
