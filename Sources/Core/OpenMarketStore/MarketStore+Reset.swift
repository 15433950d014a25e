import OpenMarketSQLite

extension MarketStore {
    /// The tables that hold products and what hangs off them, children first. A reset empties them and restarts
    /// their AUTOINCREMENT counters; vendors and `meta` (the generation) stay, being configuration. A table a later
    /// migration adds for products belongs here too, unless triggers on `products` keep it (they fire on the
    /// delete below).
    static let productTables = ["image_data", "images", "shared_image_data", "products"]

    /// Empties the store of products and images and restarts their ids at 1, in one transaction: a reader sees
    /// the store before or after, never half.
    package func removeAllProducts() throws {
        try connections.writeTransaction { connection in
            for table in Self.productTables {
                try connection.execute("DELETE FROM \(table)")
            }
            let names = Self.productTables.map { "'\($0)'" }.joined(separator: ", ")
            try connection.execute("DELETE FROM sqlite_sequence WHERE name IN (\(names))")
        }
    }
}
