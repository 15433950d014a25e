import OpenMarketSQLite

extension MarketStore {
    /// Copies the whole store into a file in `temporaryFolder` (nil: `TMPDIR`, else /tmp), as one consistent read:
    /// writes made meanwhile are wholly in it or wholly not. Refused, before anything is copied, when the store takes
    /// more than `byteLimit` bytes; `StoreSnapshotError.cannotKeep` when the folder cannot take it.
    package func snapshot(byteLimit: Int = .max, temporaryFolder: String? = nil) throws -> StoreSnapshot {
        try connections.readTransaction { connection in
            let byteCount = try Self.databaseBytes(connection)
            guard byteCount <= byteLimit else { throw StoreSnapshotError.tooLarge(byteCount: byteCount, limit: byteLimit) }
            let (products, images) = try Self.productAndImageCounts(connection)
            // The backup inside runs in this read transaction, so the counts describe exactly the copied pages.
            let image: DatabaseImage
            do {
                image = try connection.fileImage(in: temporaryFolder ?? DatabaseImage.temporaryFolder)
            } catch let error as TemporaryFileError {
                throw StoreSnapshotError.cannotKeep(folder: error.folder, reason: error.reason)
            }
            return StoreSnapshot(
                image: image, generation: try Self.generation(connection), productCount: products, imageCount: images)
        }
    }

    /// Puts the store back as it was when `snapshot` was taken, in one write transaction: a reader sees the store
    /// before or after, never half. Counts as a write, so caches keyed on `writeCount` are stale afterwards. A store
    /// not yet claimed for a generation takes any snapshot (how a fresh store is filled from a template quickly).
    package func restore(_ snapshot: StoreSnapshot) throws {
        try Connection.withImage(snapshot.image) { source in
            try connections.write { destination in
                let generation = try Self.generation(destination)
                guard generation == nil || snapshot.generation == generation else {
                    throw StoreSnapshotError.otherGeneration(snapshot: snapshot.generation, store: generation)
                }
                try source.copy(to: destination)
            }
        }
    }

    /// The size of the database file the store would be, which is what a snapshot of it takes.
    private static func databaseBytes(_ connection: Connection) throws -> Int {
        let pages: Int = try connection.withStatement("PRAGMA page_count") { try $0.step() ? $0.column(0) : 0 }
        let pageSize: Int = try connection.withStatement("PRAGMA page_size") { try $0.step() ? $0.column(0) : 0 }
        return pages * pageSize
    }

    private static func productAndImageCounts(_ connection: Connection) throws -> (products: Int, images: Int) {
        let products: Int = try connection.withStatement("SELECT total FROM product_count") { try $0.step() ? $0.column(0) : 0 }
        let images: Int = try connection.withStatement("SELECT count(*) FROM images") { try $0.step() ? $0.column(0) : 0 }
        return (products, images)
    }

    static func generation(_ connection: Connection) throws -> String? {
        try connection.withStatement("SELECT value FROM meta WHERE key = 'api_generation'") {
            try $0.step() ? $0.column(0) as String : nil
        }
    }
}
