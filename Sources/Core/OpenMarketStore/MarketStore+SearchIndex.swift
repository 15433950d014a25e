import Dispatch
import OpenMarketSQLite

extension MarketStore {
    /// Starts building the search index in the background when the store holds enough products for one (see
    /// `SearchIndexKeeper`), so that even the first search of a text is counted from it; searches before it is
    /// ready count in SQL. Called once a store is opened or seeded; a search also calls it when the index is stale.
    package func prepareSearchIndex() {
        searchIndex.refresh(connections) { [connections] in
            (try? connections.read(Self.productCount)) ?? 0
        }
    }

    /// Lets this store, which holds what `snapshot` holds (copied from it with `init(copying:)`, or the store it was
    /// just taken from) and has changed since in nothing a search reads, count its searches with the snapshot's
    /// index (`StoreSnapshot.prepareSearchIndex`) instead of building its own. Call it before anything else can
    /// write to the store.
    package func inheritSearchIndex(of snapshot: StoreSnapshot) {
        guard let rewrites = connections.settledRewriteCount else { return }
        searchIndex.inherit(snapshot.searchIndex, rewrites: rewrites, productCount: snapshot.productCount)
    }

    /// Calls `observer` after each build of the search index, on the thread that built it, and at once for the
    /// last one built before, if any.
    package func observeSearchIndexBuilds(_ observer: @escaping @Sendable (SearchIndexBuild) -> Void) {
        searchIndex.observeBuilds(observer)
    }

    /// Whether a search's first count now comes from the index (built for the store as it is, or inherited).
    package var hasCurrentSearchIndex: Bool {
        connections.settledRewriteCount.flatMap { searchIndex.index(for: $0) } != nil
    }

    /// Waits until no build of the search index runs, at most `timeout`; false if one still runs then. For
    /// benchmarks and tests that measure or check what the index answers.
    package func waitForSearchIndex(timeout: Duration) -> Bool {
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        return searchIndex.waitForBuilds(until: .now() + .nanoseconds(Int(nanoseconds)))
    }
}
