#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OpenMarketHTTPCore
import OpenMarketLocking
import OpenMarketStore

/// Keeps the bytes of read responses (lists, details) until the next write to the store, so that browsing
/// costs a lookup instead of queries and JSON writing. Entries carry the store's write count from before they
/// were computed and are ignored once it has moved on; nothing can serve data older than the last committed write
/// of this process. (Two servers sharing one database file would not see each other's writes here: give each
/// server its own file.)
///
/// An app asks for the first page of the list again right after it writes. So the few first pages a client was
/// given are computed again by the thread that wrote, right after the write and before its answer goes out
/// (`list(for:isFirstPage:answerer:)`): the page is ready when the app asks, and no thread has to be woken for it. A request that comes
/// meanwhile computes its own answer; none waits for another's.
///
/// The APIs that compute those pages are held weakly, and the store calls back weakly: nothing here keeps an
/// emulator alive, and nothing has to be closed.
final class ResponseCache: Sendable {
    typealias Compute = @Sendable () throws -> Response

    private struct Entry {
        let writeCount: UInt64
        /// Handed out as it is: a response is one reference to its fields, so a hit copies one reference.
        let response: Response
        /// Key and body bytes, counted against `maxBytes`.
        let cost: Int
        /// Whether a client was given it. One computed ahead that nobody asked for is not computed again, so a run
        /// of writes alone costs nothing extra.
        var served: Bool
    }

    /// What a cached response depends on: the target, and the scheme and Host its image URLs start with (unless
    /// `--public-url` fixes them), in one run of bytes, each text after its length: compared byte for byte, as a
    /// search compares (`ExactText`), and hashed in one pass. Four texts hashed and compared one by one cost a detail
    /// more than the rest of its answer. Two Hosts that give the same base URL are two entries, which costs room,
    /// never a wrong answer.
    private struct Key: Hashable {
        let bytes: [UInt8]

        init(_ request: Request, hostMatters: Bool) {
            var texts = (
                hostMatters ? request.scheme : "", hostMatters ? request.headers["Host"] ?? "" : "", request.path,
                request.query)
            let count = 4 * MemoryLayout<UInt32>.size + texts.0.utf8.count + texts.1.utf8.count + texts.2.utf8.count
                + texts.3.utf8.count
            bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                var position = buffer.baseAddress!
                Self.copy(&texts.0, to: &position)
                Self.copy(&texts.1, to: &position)
                Self.copy(&texts.2, to: &position)
                Self.copy(&texts.3, to: &position)
                initialized = count
            }
        }

        /// The length first, so that no two ways of cutting the same bytes into four texts make one key; the bytes
        /// copied in place (`withUTF8`), not one by one through the UTF-8 view.
        private static func copy(_ text: inout String, to position: inout UnsafeMutablePointer<UInt8>) {
            var length = UInt32(truncatingIfNeeded: text.utf8.count).littleEndian
            memcpy(position, &length, MemoryLayout<UInt32>.size)
            position += MemoryLayout<UInt32>.size
            text.withUTF8 { utf8 in
                if let start = utf8.baseAddress { memcpy(position, start, utf8.count) }
                position += utf8.count
            }
        }

        var cost: Int { bytes.count }

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            guard lhs.bytes.count == rhs.bytes.count else { return false }
            return lhs.bytes.withUnsafeBytes { left in
                rhs.bytes.withUnsafeBytes { right in
                    left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
                }
            }
        }
    }

    /// A first page to compute again after each write: the request, and the API that answers it, held weakly.
    private struct FirstPage {
        let key: Key
        let request: Request
        weak var answerer: (any ListAnswering)?
    }

    private struct Entries {
        var byKey: [Key: Entry] = [:]
        /// The sum of the entries' costs.
        var bytes = 0
        /// Most recently served first.
        var firstPages: [FirstPage] = []
    }

    private let store: MarketStore
    /// False with `--public-url`: image URLs then start with it whatever the Host, so the Host is no part of a key.
    private let hostMatters: Bool
    private let entries = Locked(Entries())
    private let maxBytes: Int
    /// Few: these are the pages an app shows first, not every page it looked at.
    private static let maxFirstPages = 4

    init(store: MarketStore, publicURL: String?, maxBytes: Int = 32 << 20) {
        self.store = store
        hostMatters = publicURL == nil
        self.maxBytes = maxBytes
        store.observeWrites { [weak self] in self?.computeFirstPages() }
    }

    /// The response for this request's target and base URL (image URLs depend on it), computed at most once per
    /// write. Thrown errors are not cached.
    func response(for request: Request, compute: Compute) throws -> Response {
        let key = Key(request, hostMatters: hostMatters)
        if let fresh = freshResponse(key) { return fresh }
        let writeCount = store.writeCount
        let response = try compute()
        keep(response, key: key, writeCount: writeCount, served: true)
        return response
    }

    /// A page of a list, answered by `answerer`: kept like any response, and if it is a first page, computed again
    /// after every write once a client was given it. `isFirstPage` is only asked on a miss, so a hit costs no parsing
    /// of the request.
    func list(
        for request: Request, isFirstPage: () -> Bool, answerer: any ListAnswering
    ) throws -> Response {
        let key = Key(request, hostMatters: hostMatters)
        if let fresh = freshResponse(key) { return fresh }
        let writeCount = store.writeCount
        let response = try answerer.answerList(request)
        keep(response, key: key, writeCount: writeCount, served: true)
        if isFirstPage() {
            entries.withLock { entries in
                entries.firstPages.removeAll { $0.key == key }
                entries.firstPages.insert(FirstPage(key: key, request: request, answerer: answerer), at: 0)
                if entries.firstPages.count > Self.maxFirstPages { entries.firstPages.removeLast() }
            }
        }
        return response
    }

    /// The kept answer to this GET, if one is fresh: what its route would answer, found without routing.
    func freshResponse(for request: Request) -> Response? {
        freshResponse(Key(request, hostMatters: hostMatters))
    }

    private func freshResponse(_ key: Key) -> Response? {
        let writeCount = store.writeCount
        return entries.withLock { entries -> Response? in
            guard let index = entries.byKey.index(forKey: key), entries.byKey.values[index].writeCount == writeCount else {
                return nil
            }
            // Written only the first time: a store on every hit would move the entry's memory between the cores.
            if !entries.byKey.values[index].served { entries.byKey.values[index].served = true }
            return entries.byKey.values[index].response
        }
    }

    private func keep(_ response: Response, key: Key, writeCount: UInt64, served: Bool) {
        // Keys count too: many distinct query strings must not grow the cache past its bound.
        var kept = response
        kept.reuse = ResponseReuse()  // Every hit sends these same bytes.
        let entry = Entry(writeCount: writeCount, response: kept, cost: key.cost + response.body.count, served: served)
        // Freed after the lock is released.
        var dropped: [Key: Entry] = [:]
        entries.withLock { entries in
            if entries.bytes + entry.cost > maxBytes {
                // Answers from before the last write go first; only a cache full of fresh ones starts again.
                let current = store.writeCount
                dropped = entries.byKey
                entries.byKey = entries.byKey.filter { $0.value.writeCount == current }
                if entries.bytes + entry.cost > maxBytes { entries.byKey.removeAll() }
                entries.bytes = entries.byKey.values.reduce(0) { $0 + $1.cost }
            }
            entries.bytes += entry.cost - (entries.byKey.updateValue(entry, forKey: key)?.cost ?? 0)
        }
        _ = dropped
    }

    /// Called on the writing thread after each write, once the store's write count has moved.
    private func computeFirstPages() {
        let due: [(Key, Request, any ListAnswering)] = entries.withLock { entries in
            entries.firstPages.compactMap { page in
                guard entries.byKey[page.key]?.served == true, let answerer = page.answerer else { return nil }
                return (page.key, page.request, answerer)
            }
        }
        for (key, request, answerer) in due {
            let writeCount = store.writeCount
            // An error is left for the next request to meet and report.
            if let response = try? answerer.answerList(request) {
                keep(response, key: key, writeCount: writeCount, served: false)
            }
        }
    }
}

/// An API whose list pages `ResponseCache` keeps, and whose first pages it computes again after writes.
protocol ListAnswering: AnyObject, Sendable {
    /// The page `request` asks for, computed now.
    func answerList(_ request: Request) throws -> Response
}
