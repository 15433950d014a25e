import OpenMarketSQLite

/// A copy of a whole store: vendors, products, images, the generation and the id counters, so that ids go on from
/// where they were when it was taken. Kept in an unlinked temporary file (`DatabaseImage`), which the system caches
/// in memory. Immutable, so one snapshot can be restored into many stores at once (an in-process emulator copies one
/// per process to make each seeded store quickly).
package struct StoreSnapshot: Sendable {
    /// The database file's bytes (see `Connection.fileImage`).
    let image: DatabaseImage
    /// The API generation the store was claimed for; nil when it never was.
    package let generation: String?
    package let productCount: Int
    package let imageCount: Int
    /// For the stores copied from it; built when asked (`prepareSearchIndex`).
    let searchIndex = SnapshotSearchIndex()

    /// The size of the copy.
    package var byteCount: Int { image.byteCount }

    /// Builds, in the background, the search index that the stores copied from this snapshot share (from 10,000
    /// products; see `SnapshotSearchIndex`). Worth it for a snapshot that many stores are copied from.
    package func prepareSearchIndex() {
        prepareSearchIndex(minimumProducts: SearchIndexKeeper.defaultMinimumProducts)
    }

    func prepareSearchIndex(minimumProducts: Int) {
        searchIndex.build(from: self, minimumProducts: minimumProducts)
    }
}
