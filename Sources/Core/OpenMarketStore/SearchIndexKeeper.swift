import Dispatch
import OpenMarketLocking

/// A store's `SearchIndex`, built in the background once the store holds `minimumProducts`, and again after a
/// rewrite made it stale, one build at a time. While there is no index for the current rewrite count, searches
/// count in SQL as before: correct, slower. Creates leave the index current, and a search counts the products
/// created since in SQL, a cost that grows with them; so once they are `extensionProducts`, a build adds them to
/// a copy of the index, which stays in use meanwhile.
final class SearchIndexKeeper: Sendable {
    /// Below this a search's first count in SQL costs about what the index would (Benchmarks/catalogue/README.md
    /// has the figures), so a small store keeps no copy of its names.
    static let defaultMinimumProducts = 10_000
    /// Products read per batch, each batch a read of its own: in memory, where reads take the writer lock, a read or
    /// write waits for one batch at most.
    static let batchSize = 5_000
    /// Counted in SQL, the products created since the index was built add to every search's first count; this many
    /// cost about what adding them to a copy of the index does once (Benchmarks/catalogue/README.md).
    static let defaultExtensionProducts = 10_000

    let minimumProducts: Int
    let extensionProducts: Int
    private let state = Locked(State())
    /// Entered for each build while it runs, so a caller can wait for the builds to end.
    private let builds = DispatchGroup()

    private struct State {
        var index: SearchIndex?
        var isBuilding = false
        /// The settled rewrite count at which a build found a name the index cannot hold: no build again until a
        /// rewrite moves it (creates add only larger ids, which the index never holds).
        var unindexableAt: UInt64?
        /// The index of the snapshot this store was copied from (or taken as), and the store's rewrite count while
        /// its products are the snapshot's.
        var inherited: (snapshot: SnapshotSearchIndex, rewrites: UInt64, productCount: Int)?
        var lastBuild: SearchIndexBuild?
        var buildObservers: [@Sendable (SearchIndexBuild) -> Void] = []
    }

    init(minimumProducts: Int, extensionProducts: Int = defaultExtensionProducts) {
        self.minimumProducts = minimumProducts
        self.extensionProducts = extensionProducts
    }

    /// The count of `text` from the index, as a kept count; nil when there is no index for `rewrites`.
    func entry(for text: String, rewrites: UInt64) -> SearchCounts.Entry? {
        index(for: rewrites)?.entry(for: text)
    }

    /// The index for `rewrites`: this store's own, or its template's once that is built (taken as this store's).
    func index(for rewrites: UInt64) -> SearchIndex? {
        state.withLock { state in
            if let index = state.index, index.rewrites == rewrites { return index }
            guard let inherited = state.inherited, inherited.rewrites == rewrites,
                let index = inherited.snapshot.index(relabeled: rewrites)
            else { return nil }
            state.index = index
            return index
        }
    }

    /// Makes this store, whose products are those of `snapshot`'s store while its rewrite count is `rewrites`, count
    /// with the snapshot's index once that is built instead of building its own.
    func inherit(_ snapshot: SnapshotSearchIndex, rewrites: UInt64, productCount: Int) {
        state.withLock { $0.inherited = (snapshot, rewrites, productCount) }
    }

    /// Starts a build unless one runs, the index is up to date, a write is in flight (a later search asks again), or
    /// the store holds fewer than `minimumProducts` (counted last, only when a build may start; a store that holds
    /// what its snapshot holds has the snapshot's count).
    func refresh(_ connections: ConnectionPool, productCount: () -> Int) {
        guard let rewrites = connections.settledRewriteCount, index(for: rewrites) == nil else { return }
        let (mayStart, snapshotCount) = state.withLock { state in
            let snapshotCount = state.inherited.flatMap { $0.rewrites == rewrites ? $0.productCount : nil }
            return (Self.mayStart(state, rewrites: rewrites), snapshotCount)
        }
        guard mayStart, (snapshotCount ?? productCount()) >= minimumProducts else { return }
        let starts = state.withLock { state in
            guard Self.mayStart(state, rewrites: rewrites) else { return false }
            state.isBuilding = true
            // Stale for good: dropped now rather than kept beside the new one while it is read.
            state.index = nil
            return true
        }
        guard starts else { return }
        startBuild(connections, extending: nil)
    }

    /// Starts adding the products created since the index was built to a copy of it, if they are
    /// `extensionProducts` or more (`largestID` is the store's largest product id), no build runs, and none found a
    /// name the index cannot hold since the last rewrite (the index in use stays; searches count the rest in SQL).
    func extendIfBehind(_ connections: ConnectionPool, largestID: Int64) {
        guard let rewrites = connections.settledRewriteCount else { return }
        let base = state.withLock { state -> SearchIndex? in
            guard !state.isBuilding, state.unindexableAt != rewrites, let index = state.index,
                index.rewrites == rewrites, largestID - index.largestID >= Int64(extensionProducts)
            else { return nil }
            state.isBuilding = true
            return index
        }
        if let base { startBuild(connections, extending: base) }
    }

    /// Reads the index in the background (`SearchIndex.read`); the caller has set `isBuilding`.
    private func startBuild(_ connections: ConnectionPool, extending base: SearchIndex?) {
        builds.enter()
        DispatchQueue.global(qos: .utility).async { [weak self, weak connections, builds] in
            defer { builds.leave() }
            let start = ContinuousClock.now
            let reading =
                (try? SearchIndex.read(from: { connections }, batchSize: Self.batchSize, extending: base)) ?? .abandoned
            self?.finish(reading, in: ContinuousClock.now - start)
        }
    }

    private static func mayStart(_ state: State, rewrites: UInt64) -> Bool {
        // A copy whose snapshot's index is on its way waits for that one.
        let inheritsBuild = state.inherited.map { $0.rewrites == rewrites && $0.snapshot.isBuilding } ?? false
        return !state.isBuilding && !inheritsBuild && state.index?.rewrites != rewrites
            && state.unindexableAt != rewrites
    }

    /// Tells `observer` of every index built from now on, and at once of the last one built before, if any: a
    /// server logs them (what the index costs), and a benchmark waits for one.
    func observeBuilds(_ observer: @escaping @Sendable (SearchIndexBuild) -> Void) {
        let last = state.withLock { state in
            state.buildObservers.append(observer)
            return state.lastBuild
        }
        last.map(observer)
    }

    /// Waits until no build of an index this store may use runs (its own, its snapshot's), or `deadline`; false at
    /// the deadline.
    func waitForBuilds(until deadline: DispatchTime) -> Bool {
        let snapshot = state.withLock(\.inherited?.snapshot)
        return builds.wait(timeout: deadline) == .success && snapshot?.waitForBuild(until: deadline) != false
    }

    private func finish(_ reading: SearchIndex.Reading, in duration: Duration) {
        typealias Told = (build: SearchIndexBuild?, observers: [@Sendable (SearchIndexBuild) -> Void])
        let (build, observers) = state.withLock { state -> Told in
            state.isBuilding = false
            switch reading {
            case let .built(index, namesRead):
                state.index = index
                let build = SearchIndexBuild(
                    productCount: index.productCount, namesRead: namesRead, byteCount: index.byteCount,
                    duration: duration)
                state.lastBuild = build
                return (build, state.buildObservers)
            case let .unindexable(rewrites):
                state.unindexableAt = rewrites
                return (nil, [])
            case .abandoned:
                return (nil, [])
            }
        }
        // Outside the lock: an observer may do anything, ask the keeper included.
        if let build { observers.forEach { $0(build) } }
    }
}

/// One build of a store's search index.
package struct SearchIndexBuild: Sendable {
    package let productCount: Int
    /// All of them, or those added to an index extended (see `SearchIndexKeeper`).
    package let namesRead: Int
    /// What the index holds in memory.
    package let byteCount: Int
    package let duration: Duration
}
