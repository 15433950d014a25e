import SQLite

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
    /// The source store's search index, for the stores copied from this snapshot; nil when a rewrite ran while the
    /// snapshot was taken.
    let searchIndexOrigin: SearchIndexOrigin?

    /// The size of the copy.
    package var byteCount: Int { image.byteCount }
}
