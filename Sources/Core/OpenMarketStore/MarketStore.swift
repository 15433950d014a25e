import OpenMarketSQLite

/// Durable storage of vendors, products and images, shared by all API generations.
///
/// Safe to use from many threads: reads run in parallel on pooled connections, writes one at a time.
package final class MarketStore: Sendable {
    let connections: ConnectionPool
    let searchCounts = SearchCounts()
    let searchIndex: SearchIndexKeeper

    /// Opens the database at `path`, creating and migrating it as needed; `":memory:"` keeps it in memory.
    /// `readers` reader connections are opened up front (e.g. one per server thread); more are opened
    /// if more reads run at once, up to `maximumReaders` (by default twice `readers`, at least 8).
    package convenience init(path: String, readers: Int = 4, maximumReaders: Int? = nil) throws {
        try self.init(
            path: path, readers: readers, maximumReaders: maximumReaders,
            searchIndexMinimum: SearchIndexKeeper.defaultMinimumProducts)
    }

    /// The same, with a search index kept once the store holds `searchIndexMinimum` products, and extended once
    /// `searchIndexExtension` were created since it was built (see `SearchIndexKeeper`).
    init(
        path: String, readers: Int = 4, maximumReaders: Int? = nil, searchIndexMinimum: Int,
        searchIndexExtension: Int = SearchIndexKeeper.defaultExtensionProducts
    ) throws {
        connections = try ConnectionPool(
            path: path, readers: readers, maximumReaders: maximumReaders ?? max(2 * readers, 8))
        searchIndex = SearchIndexKeeper(minimumProducts: searchIndexMinimum, extensionProducts: searchIndexExtension)
    }

    /// A new in-memory store holding what `template` holds (vendors, products, images, id counters, generation),
    /// as making an empty store and writing the same rows would, in a fraction of the time: how an in-process
    /// emulator makes its seeded stores after the first. Every copy is independent of the template and of the others.
    package init(copying template: StoreSnapshot) throws {
        connections = try ConnectionPool(path: ":memory:", readers: 0, maximumReaders: 8, template: template)
        searchIndex = SearchIndexKeeper(minimumProducts: SearchIndexKeeper.defaultMinimumProducts)
    }

    /// Folds every change into the database file and closes it, leaving no `-wal` or `-shm` beside it: call once
    /// nothing reads or writes any more (a server, after its last request). Later calls throw `StoreError.closed`.
    package func close() {
        connections.close()
    }

    /// Grows with every write once it has committed (or failed). Anything derived from reads made while it had
    /// an older value may be stale; a response cache keys on it.
    package var writeCount: UInt64 {
        connections.writeCount
    }

    /// Calls `observer` after each write, once `writeCount` has moved and the writer's lock is released, on the
    /// thread that wrote, before the write returns to its caller: the write waits for it. For caches that compute
    /// again, ahead of the next read, what a client will ask for right after writing.
    package func observeWrites(_ observer: @escaping @Sendable () -> Void) {
        connections.observeWrites(observer)
    }

    /// Records `name` as the database's API generation on first use; a database created for another
    /// generation is refused, since its ids, keys and formats belong to that one.
    package func claimGeneration(_ name: String) throws {
        try connections.writeTransaction { connection in
            try connection.withStatement("INSERT OR IGNORE INTO meta (key, value) VALUES ('api_generation', ?1)") {
                try $0.bind(name, at: 1)
                try $0.run()
            }
            let stored = try connection.withStatement("SELECT value FROM meta WHERE key = 'api_generation'") {
                try $0.step() ? $0.column(0) : name
            }
            guard stored == name else { throw StoreError.generationMismatch(stored: stored, requested: name) }
        }
    }
}
