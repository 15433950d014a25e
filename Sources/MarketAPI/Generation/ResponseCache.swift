import HTTPServer
import MarketStore

/// Keeps the bytes of read responses (lists, details) until the next write to the store, so that browsing
/// costs a lookup instead of queries and JSON writing. Entries carry the store's write count from before they
/// were computed and are ignored once it has moved on; nothing can serve data older than the last committed write
/// of this process. (Two servers sharing one database file would not see each other's writes here: give each
/// server its own file.)
public final class ResponseCache: @unchecked Sendable {
    private struct Entry {
        let writeCount: UInt64
        let response: Response
        /// Key and body bytes, counted against `maxBytes`.
        let cost: Int
    }

    private let store: MarketStore
    private let publicURL: String?
    private let lock = Lock()
    private var entries: [String: Entry] = [:]
    private var cachedBytes = 0
    private let maxBytes: Int

    public init(store: MarketStore, publicURL: String?, maxBytes: Int = 32 << 20) {
        self.store = store
        self.publicURL = publicURL
        self.maxBytes = maxBytes
    }

    /// The response for this request's target and base URL (image URLs depend on it), computed at most once per
    /// write. Thrown errors are not cached.
    public func response(for request: Request, compute: () throws -> Response) throws -> Response {
        let key = "\(BaseURL(request: request, publicURL: publicURL).text)\n\(request.path)?\(request.query)"
        let writeCount = store.writeCount
        if let entry = lock.withLock({ entries[key] }), entry.writeCount == writeCount {
            return entry.response
        }
        let response = try compute()
        // Keys count too: many distinct query strings must not grow the cache past its bound.
        let entry = Entry(writeCount: writeCount, response: response, cost: key.utf8.count + response.body.count)
        lock.withLock {
            if cachedBytes + entry.cost > maxBytes {
                entries.removeAll(keepingCapacity: true)
                cachedBytes = 0
            }
            cachedBytes += entry.cost - (entries.updateValue(entry, forKey: key)?.cost ?? 0)
        }
        return response
    }
}
