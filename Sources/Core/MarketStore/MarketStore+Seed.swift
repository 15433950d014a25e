import SQLite

extension MarketStore {
    /// Writes `products` with their own ids, times and image ids in one transaction, if the store has no product
    /// yet; returns false (and writes nothing) if it has. The id counters continue after the largest ids written.
    package func seedIfEmpty(_ products: [SeededProduct]) throws -> Bool {
        try seedIfEmpty(SeedRows(products))
    }

    /// The same for rows made one at a time. What each product row would keep up to date as it is written (the
    /// trigram index of names, the product count, the secondary indexes of products) is dropped for the rows and
    /// built once after the last, which is what makes a million rows take seconds, not minutes.
    package func seedIfEmpty(_ rows: SeedRows) throws -> Bool {
        try connections.writeTransaction { connection in
            let hasProducts = try connection.withStatement("SELECT 1 FROM products LIMIT 1") { try $0.step() }
            guard !hasProducts else { return false }
            try Self.withoutRowUpkeep(on: connection) {
                for (index, bytes) in rows.sharedPictures.enumerated() {
                    try connection.withStatement("INSERT INTO shared_image_data (id, bytes) VALUES (?1, ?2)") {
                        try $0.bind(Int64(index + 1), bytes)
                        try $0.run()
                    }
                }
                for index in 0..<rows.count {
                    try Self.insert(rows.row(index), on: connection)
                }
            }
            try Self.rebuildNameIndex(on: connection)
            try connection.execute("UPDATE product_count SET total = (SELECT count(*) FROM products)")
            return true
        }
    }

    /// The triggers and indexes every product insert runs or updates, which a seed builds once from all its rows:
    /// maintained row by row they cost more than writing the rows (the triggers' programs most, the name index's
    /// scattered inserts next), while sorting all the rows into an index at the end, or one trigram rebuild, costs
    /// a fraction.
    private static let rowUpkeep = [
        "product_names_after_insert", "product_count_after_insert", "products_by_vendor", "products_by_name",
    ]

    /// Runs `body` without `rowUpkeep`, then creates each again from the very SQL text the schema stored, so the
    /// schema afterwards reads as before. The caller's transaction holds the drops, the rows and the creates
    /// alike: a failure or a crash on the way rolls all of them back, and the store is as it was, empty, with its
    /// triggers and indexes.
    private static func withoutRowUpkeep(on connection: Connection, _ body: () throws -> Void) throws {
        var dropped: [(type: String, name: String, sql: String)] = []
        for name in rowUpkeep {
            try connection.withStatement("SELECT type, sql FROM sqlite_schema WHERE name = ?1") {
                try $0.bind(name, at: 1)
                if try $0.step() { dropped.append((type: $0.column(0), name: name, sql: $0.column(1))) }
            }
        }
        for object in dropped {
            try connection.execute("DROP \(object.type.uppercased()) \(object.name)")
        }
        try body()
        for object in dropped {
            try connection.execute(object.sql)
        }
    }

    /// Builds the trigram index of every name at once. FTS5 merges the segments it writes as it goes (`automerge`)
    /// to keep queries fast after many small writes; one rebuild writes a few large segments that need no such
    /// merging, and merging them anyway took a third of the rebuild. The default (4) is set again for the
    /// products written one by one afterwards.
    private static func rebuildNameIndex(on connection: Connection) throws {
        try connection.execute("""
            INSERT INTO product_names (product_names, rank) VALUES ('automerge', 0);
            INSERT INTO product_names (product_names) VALUES ('rebuild');
            INSERT INTO product_names (product_names, rank) VALUES ('automerge', 4);
            """)
    }

    /// Every vendor, retired ones included, by id.
    package func allVendors() throws -> [Vendor] {
        try connections.read { connection in
            try connection.withStatement("SELECT id, name, identifier, secret, created_at FROM vendors ORDER BY id") {
                var vendors: [Vendor] = []
                while try $0.step() {
                    vendors.append(Vendor(
                        id: $0.column(0), name: $0.column(1), identifier: $0.column(2), secret: $0.column(3),
                        createdAt: $0.column(4)))
                }
                return vendors
            }
        }
    }

    /// Writes one product with its own ids, inside the caller's transaction.
    static func insert(_ seeded: SeededProduct, on connection: Connection) throws {
        let product = seeded.product
        try connection.withStatement("""
            INSERT INTO products (id, vendor_id, name, description, price, currency, discounted_price, stock,
                                  registered_at, password, product_secret)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
            """) {
            try $0.bind(
                seeded.id, product.vendorID, product.name, product.description, product.price, product.currency,
                product.discountedPrice, product.stock, product.registeredAt, product.password, product.productSecret)
            try $0.run()
        }
        try Self.insert(
            seeded.images.map(\.image), ids: seeded.images.map(\.id),
            sharedDataIDs: seeded.images.map { $0.sharedPicture.map { Int64($0 + 1) } }, productID: seeded.id,
            on: connection)
        if let thumbnailID = seeded.thumbnailImageID {
            try connection.withStatement("UPDATE products SET thumbnail_image_id = ?1 WHERE id = ?2") {
                try $0.bind(thumbnailID, seeded.id)
                try $0.run()
            }
        }
    }
}
