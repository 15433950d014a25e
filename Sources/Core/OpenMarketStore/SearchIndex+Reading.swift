import OpenMarketSQLite

extension SearchIndex {
    enum Reading {
        /// `namesRead`: all of them, or those added to the index extended.
        case built(SearchIndex, namesRead: Int)
        /// A name holds the separator, or there are too many vendors: no index until a rewrite.
        case unindexable(rewrites: UInt64)
        /// The store went away, a rewrite ran meanwhile, or a read failed: nothing learnt.
        case abandoned
    }

    /// Reads every product up to the largest id at the start, `batchSize` at a time in id order, each batch a read
    /// of its own: an in-memory store reads on its writer, so a write waits for one batch at most, never the whole
    /// build. Creates meanwhile add larger ids, which are not read (the kept count's own path counts them); any other
    /// write moves the settled rewrite count, and what was read is dropped. `pool` gives nil once the store is gone,
    /// so a build does not keep it alive. With `base`, an index of this store at this rewrite count, only the
    /// products created since it was built are read, and added to a copy of it.
    static func read(from pool: () -> ConnectionPool?, batchSize: Int, extending base: SearchIndex? = nil) throws -> Reading {
        guard let rewrites = pool()?.settledRewriteCount,
            let (largestID, vendors) = try pool()?.readTransaction({
                try (MarketStore.largestProductID(on: $0), vendors(on: $0))
            })
        else { return .abandoned }
        var builder: Builder?
        var after: Int64 = 0
        if let base, base.rewrites == rewrites,
            let extending = Builder(extending: base, vendors: vendors, expectedProducts: Int(largestID - base.largestID)) {
            builder = extending
            after = base.largestID
        } else {
            builder = Builder(vendors: vendors)
        }
        let namesBefore = builder?.productCount ?? 0
        while builder != nil, after < largestID {
            guard let pool = pool() else { return .abandoned }
            let last = try pool.read {
                try readBatch(after: after, upTo: largestID, count: batchSize, into: &builder, on: $0)
            }
            guard last > after else { break }
            after = last
        }
        guard pool()?.settledRewriteCount == rewrites else { return .abandoned }
        guard let builder else { return .unindexable(rewrites: rewrites) }
        return .built(builder.finished(largestID: largestID, rewrites: rewrites), namesRead: builder.productCount - namesBefore)
    }

    /// Adds the products with ids in `after + 1 ... largestID`, `count` at most; the last id read. `builder` becomes
    /// nil at a name it cannot hold.
    private static func readBatch(
        after: Int64, upTo largestID: Int64, count: Int, into builder: inout Builder?, on connection: Connection
    ) throws -> Int64 {
        try connection.withStatement(
            "SELECT id, name, vendor_id FROM products WHERE id > ?1 AND id <= ?2 ORDER BY id LIMIT ?3"
        ) { statement in
            try statement.bind(after, largestID, count)
            var last = after
            while try statement.step() {
                last = statement.column(0)
                let vendorID: Int64? = statement.column(2)
                let added = statement.withBytes(ofColumn: 1) { builder?.append(name: $0, vendorID: vendorID) }
                guard added == true else {
                    builder = nil
                    return last
                }
            }
            return last
        }
    }

    private static func vendors(on connection: Connection) throws -> [(id: Int64, name: [UInt8])] {
        try connection.withStatement("SELECT id, name FROM vendors") { statement in
            var vendors: [(id: Int64, name: [UInt8])] = []
            while try statement.step() {
                vendors.append((statement.column(0), statement.withBytes(ofColumn: 1) { Array($0) }))
            }
            return vendors
        }
    }
}
