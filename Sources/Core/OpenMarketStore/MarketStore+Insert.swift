import OpenMarketSQLite

extension MarketStore {
    /// Writes the rows `makeRows` builds, in one transaction, next to the products already there: `makeRows` gets
    /// the first free product and image ids, so the rows it gives ids to follow the store's. If a row's id is that
    /// of a product already stored (or of an earlier row), nothing is written and `productIDTaken` says which.
    /// Returns the rows' ids in order.
    package func insert(
        _ makeRows: (_ nextProductID: Int64, _ nextImageID: Int64) throws -> [SeededProduct]
    ) throws -> [Int64] {
        try connections.writeTransaction { connection in
            let rows = try makeRows(
                try Self.nextID(of: "products", on: connection), try Self.nextID(of: "images", on: connection))
            for (index, row) in rows.enumerated() {
                if let name = try Self.name(ofProduct: row.id, on: connection) {
                    throw StoreError.productIDTaken(index: index, id: row.id, takenBy: name)
                }
                try Self.insert([row], on: connection)
            }
            return rows.map(\.id)
        }
    }

    /// The id AUTOINCREMENT would give next: after the largest ever handed out, deleted rows included.
    private static func nextID(of table: String, on connection: Connection) throws -> Int64 {
        try connection.withStatement("""
            SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = ?1), 0),
                       coalesce((SELECT max(id) FROM \(table)), 0)) + 1
            """) {
            try $0.bind(table, at: 1)
            return try $0.step() ? $0.column(0) : 1
        }
    }

    private static func name(ofProduct id: Int64, on connection: Connection) throws -> String? {
        try connection.withStatement("SELECT name FROM products WHERE id = ?1") {
            try $0.bind(id, at: 1)
            return try $0.step() ? $0.column(0) : nil
        }
    }
}
