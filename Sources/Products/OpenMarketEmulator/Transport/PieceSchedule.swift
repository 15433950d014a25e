import Dispatch

/// When each piece of a body crosses a network of `bytesPerSecond`: pieces the size of a TCP segment (1,448 bytes),
/// or 20 ms of the rate when that is more, so a fast rate does not fire thousands of timers a second. A piece is due
/// when all the bytes up to its end would have crossed since `start`, so timer latency does not add up.
struct PieceSchedule: Sendable {
    let bytesPerSecond: Int
    let start: DispatchTime

    private static let segment = 1448

    var pieceSize: Int {
        max(Self.segment, bytesPerSecond / 50)
    }

    /// When the first `bytes` bytes have crossed.
    func due(_ bytes: Int) -> DispatchTime {
        start + .nanoseconds(Int((Double(bytes) / Double(bytesPerSecond) * 1e9).rounded(.up)))
    }

    /// Whether the wait from `from` to `to` lasts `timeout` or longer: a request's timeoutInterval is an idle
    /// timeout on Apple's and FoundationNetworking's loading systems alike, restarted by every piece.
    static func outlasts(_ timeout: Duration, from: DispatchTime, to: DispatchTime) -> Bool {
        let waited = to.uptimeNanoseconds > from.uptimeNanoseconds ? to.uptimeNanoseconds - from.uptimeNanoseconds : 0
        return Duration.nanoseconds(Int64(clamping: waited)) >= timeout
    }
}

extension Duration {
    /// Whole nanoseconds, for Dispatch.
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
