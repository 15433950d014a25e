import OpenMarketSQLite

extension MarketStore {
    /// Writes `products` with their own ids, times and image ids in one transaction, if the store has no product
    /// yet; returns false (and writes nothing) if it has. The id counters continue after the largest ids written.
    package func seedIfEmpty(_ products: [SeededProduct]) throws -> Bool {
        try seedIfEmpty(SeedRows(products))
    }

    /// The same for rows made one at a time. What each product row would keep up to date as it is written (the
    /// trigram index of names, the product count, the secondary indexes of products) is dropped for the rows and
    /// built once after the last, which is what makes a million rows take seconds, not minutes.
    ///
    /// The rows' references (an image's product and picture, a product's vendor) are checked once, after the last
    /// row, in the same transaction: checked as each row is written, every insert ran a lookup program of its own,
    /// a sixth of the time of the inserts, where the one check takes about half of that.
    package func seedIfEmpty(_ rows: SeedRows) throws -> Bool {
        try connections.write { connection in
            try connection.withForeignKeysOff {
                try connection.transaction(.immediate) {
                    let hasProducts = try connection.withStatement("SELECT 1 FROM products LIMIT 1") { try $0.step() }
                    guard !hasProducts else { return false }
                    try Self.withoutRowUpkeep(on: connection) {
                        for (index, bytes) in rows.sharedPictures.enumerated() {
                            try connection.withStatement("INSERT INTO shared_image_data (id, bytes) VALUES (?1, ?2)") {
                                try $0.bind(Int64(index + 1), bytes)
                                try $0.run()
                            }
                        }
                        try SeedBatches(rows: rows, size: Self.seedBatchSize).forEach {
                            try Self.insert($0, on: connection)
                        }
                        try Self.rebuildNameIndex(on: connection)
                    }
                    try connection.execute("UPDATE product_count SET total = (SELECT count(*) FROM products)")
                    try connection.checkForeignKeys()
                    return true
                }
            }
        }
    }

    /// Rows made and written together: enough that handing a batch between threads costs nothing much, few enough
    /// that two batches in memory are a few megabytes.
    private static let seedBatchSize = 1_024

    /// The triggers and indexes every product or image insert runs or updates, which a seed builds once from all its
    /// rows: maintained row by row they cost more than writing the rows (the triggers' programs most, then the
    /// scattered inserts into the name index and into the image keys' indexes, random text whose inserts miss the
    /// CPU's caches more as the index grows: ten seconds for a million products), while sorting all the rows into an
    /// index at the end, or one trigram rebuild, costs a fraction.
    private static let rowUpkeep = [
        "product_names_after_insert", "product_count_after_insert", "products_by_vendor", "products_by_name",
        "images_by_origin_key", "images_by_thumbnail_key",
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
        try withSorterThread(on: connection) {
            for object in dropped {
                try connection.execute(object.sql)
            }
        }
    }

    /// Runs `body` with one helper thread allowed to each statement's sorter, then the setting as it was. Creating
    /// an index sorts all its keys, and a helper sorts half of them alongside (the image keys' indexes of a seed
    /// took a third less time); the rows are all written by then, so the core that made them is free.
    private static func withSorterThread(on connection: Connection, _ body: () throws -> Void) throws {
        let threads: Int = try connection.withStatement("PRAGMA threads") { try $0.step() ? $0.column(0) : 0 }
        try connection.execute("PRAGMA threads = \(max(threads, 1))")
        defer { try? connection.execute("PRAGMA threads = \(threads)") }
        try body()
    }

    /// Builds the trigram index of every name at once, before `products_by_name` is back: with that index there,
    /// the rebuild's scan of the names reads them through it (it covers them), so in name order, and FTS5, handed
    /// rowids out of order, took four times as long. FTS5 merges the segments it writes as it goes (`automerge`)
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

    /// Writes products with their own ids, inside the caller's transaction: the products, then their images, then
    /// the images' own bytes and the chosen thumbnails.
    static func insert(_ seeded: [SeededProduct], on connection: Connection) throws {
        try productRows.insert(seeded, on: connection) { seeded, statement, first in
            let product = seeded.product
            try statement.bind(seeded.id, at: first)
            try statement.bind(product.vendorID, at: first + 1)
            try statement.bind(product.name, at: first + 2)
            try statement.bind(product.description, at: first + 3)
            try statement.bind(product.price, at: first + 4)
            try statement.bind(product.currency, at: first + 5)
            try statement.bind(product.discountedPrice, at: first + 6)
            try statement.bind(product.stock, at: first + 7)
            try statement.bind(product.registeredAt, at: first + 8)
            try statement.bind(product.password, at: first + 9)
            try statement.bind(product.productSecret, at: first + 10)
        }
        var images: [(productID: Int64, position: Int, seeded: SeededImage)] = []
        for product in seeded {
            for (position, image) in product.images.enumerated() {
                images.append((productID: product.id, position: position, seeded: image))
            }
        }
        try imageRows.insert(images, on: connection) { image, statement, first in
            try statement.bind(image.productID, at: first)
            try statement.bind(image.position, at: first + 1)
            try statement.bind(image.seeded.image.mediaType, at: first + 2)
            try statement.bind(image.seeded.image.fileExtension, at: first + 3)
            try statement.bind(image.seeded.image.originKey, at: first + 4)
            try statement.bind(image.seeded.image.thumbnailKey, at: first + 5)
            try statement.bind(image.seeded.image.bytes.count, at: first + 6)
            try statement.bind(image.seeded.id, at: first + 7)
            try statement.bind(image.seeded.sharedPicture.map { Int64($0 + 1) }, at: first + 8)
        }
        for image in images where image.seeded.sharedPicture == nil {
            try connection.withStatement(insertImageBytes) {
                try $0.bind(image.seeded.id, image.seeded.image.bytes)
                try $0.run()
            }
        }
        for product in seeded {
            guard let thumbnailID = product.thumbnailImageID else { continue }
            try connection.withStatement("UPDATE products SET thumbnail_image_id = ?1 WHERE id = ?2") {
                try $0.bind(thumbnailID, product.id)
                try $0.run()
            }
        }
    }

    /// 11 and 9 columns: a statement's parameters stay under 999, the most some SQLite builds allow.
    private static let productRows = RowBatch(
        into: "products",
        columns: [
            "id", "vendor_id", "name", "description", "price", "currency", "discounted_price", "stock",
            "registered_at", "password", "product_secret",
        ],
        rowsPerStatement: 64)
    private static let imageRows = RowBatch(
        into: "images",
        columns: [
            "product_id", "position", "media_type", "file_extension", "origin_key", "thumbnail_key", "byte_count", "id",
            "shared_data_id",
        ],
        rowsPerStatement: 96)
}
