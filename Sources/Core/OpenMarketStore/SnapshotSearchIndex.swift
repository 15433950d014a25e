import Dispatch
import OpenMarketLocking

/// The search index of what a `StoreSnapshot` holds, built once for all the stores copied from it (an in-process
/// emulator's template: `MarketStore.init(copying:)`), so that none of them reads a million names again. Built from a
/// private copy of the snapshot that only this build uses, not from the store the snapshot was taken from, which an
/// app's test may drop long before a build of a million names ends.
final class SnapshotSearchIndex: Sendable {
    private let state = Locked<(index: SearchIndex?, isBuilding: Bool)>((nil, false))
    /// Entered while the build runs.
    private let builds = DispatchGroup()

    var isBuilding: Bool {
        state.withLock(\.isBuilding)
    }

    /// The index, for a store whose products are the snapshot's while its rewrite count is `rewrites`; nil until
    /// built. It holds every product of the snapshot, so the products a copy creates later have larger ids.
    func index(relabeled rewrites: UInt64) -> SearchIndex? {
        state.withLock(\.index)?.relabeled(rewrites: rewrites)
    }

    /// Waits until the build has ended, or `deadline`; false at the deadline.
    func waitForBuild(until deadline: DispatchTime) -> Bool {
        builds.wait(timeout: deadline) == .success
    }

    /// Starts the build in the background, once, if `snapshot` holds `minimumProducts` or more.
    func build(from snapshot: StoreSnapshot, minimumProducts: Int) {
        guard snapshot.productCount >= minimumProducts else { return }
        let starts = state.withLock { state in
            guard !state.isBuilding, state.index == nil else { return false }
            state.isBuilding = true
            return true
        }
        guard starts else { return }
        builds.enter()
        DispatchQueue.global(qos: .utility).async { [self] in
            defer { builds.leave() }
            // Nothing writes to the private copy, so the build never finds its rewrite count moved.
            let store = try? MarketStore(copying: snapshot)
            let reading = store.flatMap { store in
                try? SearchIndex.read(from: { store.connections }, batchSize: SearchIndexKeeper.batchSize)
            }
            state.withLock { state in
                state.isBuilding = false
                if case let .built(index, _) = reading { state.index = index }
            }
        }
    }
}
