import HTTPServer
import Locking
import MarketStore

/// Keeps the bytes of read responses (lists, details) until the next write to the store, so that browsing
/// costs a lookup instead of queries and JSON writing. Entries carry the store's write count from before they
/// were computed and are ignored once it has moved on; nothing can serve data older than the last committed write
/// of this process. (Two servers sharing one database file would not see each other's writes here: give each
/// server its own file.)
final class ResponseCache: Sendable {
    private struct Entry {
        let writeCount: UInt64
        let response: Response
        /// Key and body bytes, counted against `maxBytes`.
        let cost: Int
    }

    private let store: MarketStore
    private let publicURL: String?
    private struct Entries {
        var byKey: [String: Entry] = [:]
        /// The sum of the entries' costs.
        var bytes = 0
    }

    private let entries = Locked(Entries())
    private let maxBytes: Int

    init(store: MarketStore, publicURL: String?, maxBytes: Int = 32 << 20) {
        self.store = store
        self.publicURL = publicURL
        self.maxBytes = maxBytes
    }

    /// The response for this request's target and base URL (image URLs depend on it), computed at most once per
    /// write. Thrown errors are not cached.
    func response(for request: Request, compute: () throws -> Response) throws -> Response {
        let key = "\(BaseURL(request: request, publicURL: publicURL).text)\n\(request.path)?\(request.query)"
        let writeCount = store.writeCount
        if let entry = entries.withLock({ $0.byKey[key] }), entry.writeCount == writeCount {
            return entry.response
        }
        let response = try compute()
        // Keys count too: many distinct query strings must not grow the cache past its bound.
        let entry = Entry(writeCount: writeCount, response: response, cost: key.utf8.count + response.body.count)
        entries.withLock { entries in
            if entries.bytes + entry.cost > maxBytes {
                entries.byKey.removeAll(keepingCapacity: true)
                entries.bytes = 0
            }
            entries.bytes += entry.cost - (entries.byKey.updateValue(entry, forKey: key)?.cost ?? 0)
        }
        return response
    }
}
