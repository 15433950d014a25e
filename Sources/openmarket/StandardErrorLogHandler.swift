#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Logging

/// Writes each log line to stderr with a single write(2): lines from several daemon threads never interleave, and
/// no lock or stdio buffer sits on the request path (swift-log's stream handler halved the server's throughput).
struct StandardErrorLogHandler: LogHandler {
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var line = Self.timestamp()
        line += " "
        line += event.level.rawValue
        line += " "
        line += event.message.description
        let extra = metadata.merging(event.metadata ?? [:]) { _, new in new }
        if !extra.isEmpty {
            line += extra.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        }
        line += "\n"
        var bytes = Array(line.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// UTC, to the millisecond, e.g. 2026-11-22T03:21:31.123Z.
    private static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = time_t(now.tv_sec)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let milliseconds = Int(now.tv_nsec) / 1_000_000
        return "\(parts.tm_year + 1900)-\(pad(parts.tm_mon + 1))-\(pad(parts.tm_mday))T\(pad(parts.tm_hour)):"
            + "\(pad(parts.tm_min)):\(pad(parts.tm_sec)).\(pad(milliseconds, width: 3))Z"
    }

    private static func pad(_ value: some BinaryInteger, width: Int = 2) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
