import Dispatch
import OpenMarketLocking

/// The rows of a seed in batches, the next batch made on another thread while the caller writes the current one:
/// making a row (its strings, its images' keys) costs about as much as SQLite's part of writing it, so with a second
/// core a seed takes about the time of its writes alone. The rows are the same, in the same order, either way.
struct SeedBatches {
    let rows: SeedRows
    let size: Int

    /// Calls `body` with rows `0..<size`, then the next `size`, up to `rows.count`, in order.
    func forEach(_ body: ([SeededProduct]) throws -> Void) throws {
        var next = rows.count > 0 ? PendingBatch(rows, 0..<min(size, rows.count)) : nil
        while let pending = next {
            let range = pending.range
            next = range.upperBound < rows.count
                ? PendingBatch(rows, range.upperBound..<min(range.upperBound + size, rows.count)) : nil
            try body(pending.wait())
        }
    }
}

/// One batch being made on a global queue. If the writer stops early (a failed write), the batches already started
/// finish and are dropped.
private final class PendingBatch: Sendable {
    let range: Range<Int>
    private let made = Locked<[SeededProduct]>([])
    private let done = DispatchSemaphore(value: 0)

    init(_ rows: SeedRows, _ range: Range<Int>) {
        self.range = range
        DispatchQueue.global().async { [made, done] in
            let batch = range.map(rows.row)
            made.withLock { $0 = batch }
            done.signal()
        }
    }

    func wait() -> [SeededProduct] {
        done.wait()
        return made.withLock { $0 }
    }
}
