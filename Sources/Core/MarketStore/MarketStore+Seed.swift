import SQLite

extension MarketStore {
    /// Writes `products` with their own ids, times and image ids in one transaction, if the store has no product
    /// yet; returns false (and writes nothing) if it has. The id counters continue after the largest ids written.
    package func seedIfEmpty(_ products: [SeededProduct]) throws -> Bool {
        try seedIfEmpty(SeedRows(products))
    }

    /// The same for rows made one at a time. The trigram index of names and the product count are built once after
    /// the last row (`bulk_writing`, Schema/0004), which is what makes a million rows take seconds, not minutes.
    package func seedIfEmpty(_ rows: SeedRows) throws -> Bool {
        try connections.writeTransaction { connection in
            let hasProducts = try connection.withStatement("SELECT 1 FROM products LIMIT 1") { try $0.step() }
            guard !hasProducts else { return false }
            try connection.execute("INSERT INTO bulk_writing (singleton) VALUES (1)")
            for (index, bytes) in rows.sharedPictures.enumerated() {
                try connection.withStatement("INSERT INTO shared_image_data (id, bytes) VALUES (?1, ?2)") {
                    try $0.bind(Int64(index + 1), bytes)
                    try $0.run()
                }
            }
            for index in 0..<rows.count {
                try Self.insert(rows.row(index), on: connection)
            }
            try connection.execute("DELETE FROM bulk_writing")
            try connection.execute("INSERT INTO product_names (product_names) VALUES ('rebuild')")
            try connection.execute("UPDATE product_count SET total = (SELECT count(*) FROM products)")
            return true
        }
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
