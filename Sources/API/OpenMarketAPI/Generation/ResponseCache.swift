import Dispatch
import OpenMarketHTTPCore
import OpenMarketLocking
import OpenMarketStore

/// Keeps the bytes of read responses (lists, details) until the next write to the store, so that browsing
/// costs a lookup instead of queries and JSON writing. Entries carry the store's write count from before they
/// were computed and are ignored once it has moved on; nothing can serve data older than the last committed write
/// of this process. (Two servers sharing one database file would not see each other's writes here: give each
/// server its own file.)
///
/// An app asks for the first page of the list again right after it writes. So a response marked
/// `computedAheadAfterWrites` that a client was given is computed again by the thread that wrote, right after the
/// write and before its answer goes out: the page is ready when the app asks, and no thread has to be woken for
/// it. (Computed in the background, a page after a write cost 1.2 to 2.5 times a cached one at a million products,
/// as the threads happened to be scheduled; computed here, 1.2 times, for a write that takes that computation longer,
/// about 0.1 ms.) A request that comes while it runs waits for it instead of doing the same work beside it.
///
/// A kept recompute closure holds its API, which holds this cache: a cycle that only the cache's owner can end, by
/// calling `close()` when it goes (`Emulator`'s deinit); after that nothing is kept or computed ahead.
final class ResponseCache: Sendable {
    typealias Compute = @Sendable () throws -> Response

    /// Shared by the entry and every answer handed out: a hit copies one reference, not the response's fields.
    private final class KeptResponse: Sendable {
        let response: Response

        init(_ response: Response) {
            self.response = response
        }
    }

    private struct Entry {
        let writeCount: UInt64
        let kept: KeptResponse
        /// Key and body bytes, counted against `maxBytes`.
        let cost: Int
        /// Only for responses computed again after writes.
        let recompute: Compute?
        /// Whether a client was given it. One computed ahead that nobody asked for is not computed again, so a run
        /// of writes alone costs nothing extra.
        var served: Bool
    }

    /// What a cached response depends on: the target, and the scheme and Host its image URLs start with (unless
    /// `--public-url` fixes them). Made of the request's own strings, so a lookup allocates nothing; two Hosts that
    /// give the same base URL are two entries, which costs room, never a wrong answer.
    private struct Key: Hashable {
        let scheme: String
        let host: String
        let path: String
        let query: String

        init(_ request: Request, hostMatters: Bool) {
            scheme = hostMatters ? request.scheme : ""
            host = hostMatters ? request.headers["Host"] ?? "" : ""
            path = request.path
            query = request.query
        }

        var cost: Int { scheme.utf8.count + host.utf8.count + path.utf8.count + query.utf8.count }
    }

    private struct Entries {
        var byKey: [Key: Entry] = [:]
        /// The sum of the entries' costs.
        var bytes = 0
        /// The keys computed again after writes, most recently stored first.
        var aheadKeys: [Key] = []
        /// Keys being computed ahead right now; a request for one waits on its group.
        var inFlight: [Key: DispatchGroup] = [:]
        /// Set by `close()`: nothing is kept any more.
        var closed = false
    }

    private let store: MarketStore
    /// False with `--public-url`: image URLs then start with it whatever the Host, so the Host is no part of a key.
    private let hostMatters: Bool
    private let entries = Locked(Entries())
    private let maxBytes: Int
    /// Few: these are the pages an app shows first, not every page it looked at.
    private static let maxAheadKeys = 4
    /// A computation ahead is one page; a request never waits for it longer than this before doing it itself.
    private static let longestWait = DispatchTimeInterval.seconds(1)

    init(store: MarketStore, publicURL: String?, maxBytes: Int = 32 << 20) {
        self.store = store
        hostMatters = publicURL == nil
        self.maxBytes = maxBytes
        store.observeWrites { [weak self] in self?.computeAhead() }
    }

    /// The response for this request's target and base URL (image URLs depend on it), computed at most once per
    /// write. Thrown errors are not cached. `computedAheadAfterWrites` is only asked on a miss, so a hit costs no
    /// parsing of the request.
    func response(
        for request: Request, computedAheadAfterWrites: @autoclosure () -> Bool = false, compute: @escaping Compute
    ) throws -> Response {
        let key = Key(request, hostMatters: hostMatters)
        if let fresh = freshResponse(key) { return fresh }
        if let flight = entries.withLock({ $0.inFlight[key] }) {
            _ = flight.wait(timeout: .now() + Self.longestWait)
            if let fresh = freshResponse(key) { return fresh }
        }
        let writeCount = store.writeCount
        let response = try compute()
        keep(response, key: key, writeCount: writeCount, recompute: computedAheadAfterWrites() ? compute : nil, served: true)
        return response
    }

    /// The kept answer to this GET, if one is fresh: what its route would answer, found without routing.
    func freshResponse(for request: Request) -> Response? {
        freshResponse(Key(request, hostMatters: hostMatters))
    }

    private func freshResponse(_ key: Key) -> Response? {
        let writeCount = store.writeCount
        let kept = entries.withLock { entries -> KeptResponse? in
            guard let index = entries.byKey.index(forKey: key), entries.byKey.values[index].writeCount == writeCount else {
                return nil
            }
            entries.byKey.values[index].served = true
            return entries.byKey.values[index].kept
        }
        return kept?.response
    }

    private func keep(_ response: Response, key: Key, writeCount: UInt64, recompute: Compute?, served: Bool) {
        // Keys count too: many distinct query strings must not grow the cache past its bound.
        let entry = Entry(
            writeCount: writeCount, kept: KeptResponse(response), cost: key.cost + response.body.count,
            recompute: recompute, served: served)
        entries.withLock { entries in
            guard !entries.closed else { return }
            if entries.bytes + entry.cost > maxBytes {
                entries.byKey.removeAll(keepingCapacity: true)
                entries.aheadKeys.removeAll()
                entries.bytes = 0
            }
            entries.bytes += entry.cost - (entries.byKey.updateValue(entry, forKey: key)?.cost ?? 0)
            if recompute != nil {
                entries.aheadKeys.removeAll { $0 == key }
                entries.aheadKeys.insert(key, at: 0)
                if entries.aheadKeys.count > Self.maxAheadKeys { entries.aheadKeys.removeLast() }
            }
        }
    }

    /// Drops every entry with its recompute closure, and keeps none from now on, so that the APIs those closures
    /// hold (and with them this cache and the store) are freed. Answers still work, computed every time.
    func close() {
        // Freed after the lock is released: a closure's API may be the last holder of the store.
        let dropped = entries.withLock { entries in
            defer { entries = Entries(closed: true) }
            return entries.byKey
        }
        _ = dropped
    }

    /// Called on the writing thread after each write, once the store's write count has moved.
    private func computeAhead() {
        let due: [(Key, Compute, DispatchGroup)] = entries.withLock { entries in
            guard !entries.closed else { return [] }
            return entries.aheadKeys.compactMap { key -> (Key, Compute, DispatchGroup)? in
                guard let entry = entries.byKey[key], entry.served, let recompute = entry.recompute else { return nil }
                let flight = DispatchGroup()
                flight.enter()
                entries.inFlight[key] = flight
                return (key, recompute, flight)
            }
        }
        for (key, recompute, flight) in due {
            let writeCount = store.writeCount
            // An error is left for the next request to meet and report.
            if let response = try? recompute() {
                keep(response, key: key, writeCount: writeCount, recompute: recompute, served: false)
            }
            // A write on another thread may have started a newer computation of the same key meanwhile.
            entries.withLock { entries in
                if entries.inFlight[key] === flight { entries.inFlight[key] = nil }
            }
            flight.leave()
        }
    }
}
