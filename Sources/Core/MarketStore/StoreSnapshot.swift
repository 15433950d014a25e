/// A copy of a whole store in memory: vendors, products, images, the generation and the id counters, so that ids go
/// on from where they were when it was taken. Immutable, so one snapshot can be restored into many stores at once
/// (an in-process emulator restores one per process to make a seeded store quickly).
package struct StoreSnapshot: Sendable {
    /// The database file's bytes (see `Connection.fileImage`).
    let image: [UInt8]
    /// The API generation the store was claimed for; nil when it never was.
    package let generation: String?
    package let productCount: Int
    package let imageCount: Int

    /// What the snapshot holds in memory.
    package var byteCount: Int { image.count }
}
