import Logging
import OpenMarketHTTPCore

/// swift-log's messages (startup, shutdown, warnings) on the same batched sink as the access log, so the two
/// never interleave mid-line and neither pays for a write(2) per line.
struct StandardErrorLogHandler: LogHandler {
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]
    let sink: LogSink

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let extra = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let suffix = extra.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        sink.appendLine { line in
            line.appendTimestamp()
            line.appendText(" \(event.level.rawValue) \(event.message)\(suffix)")
        }
    }
}
