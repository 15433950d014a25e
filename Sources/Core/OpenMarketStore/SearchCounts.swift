import OpenMarketLocking

/// The number of products each recent search text matched, so that a search's `total_count` need not be counted
/// again from the whole list (hundreds of milliseconds when a million products are stored and a fifth match).
///
/// An entry holds the count, the largest product id of the snapshot it was counted in, and the store's rewrite
/// count then (`ConnectionPool.settledRewriteCount`, moved by every write but an append, a create; a count read while a
/// rewrite was in flight is not kept). While the rewrite count is the same, the only changes since are creates,
/// whose ids are all larger: the count now is the entry's plus the matches among products above its largest id, a
/// few rows. Any other write (a rename, a delete, a vendor renamed, a reset) moves the rewrite count, and the text is
/// counted whole again.
final class SearchCounts: Sendable {
    struct Entry: Sendable {
        let count: Int
        let largestID: Int64
        let rewrites: UInt64
    }

    /// Enough for the searches an app's screens repeat; each entry is a few words.
    private static let capacity = 64
    /// By the text's bytes: a text canonically equal to another may match other products (`ExactText`).
    private let entries = Locked<[ExactText: Entry]>([:])

    func entry(for text: String, rewrites: UInt64) -> Entry? {
        entries.withLock { $0[ExactText(text)] }.flatMap { $0.rewrites == rewrites ? $0 : nil }
    }

    func keep(_ entry: Entry, for text: String) {
        let key = ExactText(text)
        entries.withLock { entries in
            if entries[key] == nil, entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = entry
        }
    }
}
