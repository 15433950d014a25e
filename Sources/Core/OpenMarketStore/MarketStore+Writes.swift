import OpenMarketSQLite

extension MarketStore {
    /// Stores a product and its images in one transaction: after a crash either all of it is there or none.
    package func createProduct(_ product: NewProduct, images: [NewImage]) throws -> Product {
        try connections.append { try $0.insert(product, images: images) }
    }

    /// Changes the fields `patch` carries; nil if there is no such product.
    package func patchProduct(id: Int64, _ patch: ProductPatch) throws -> Product? {
        try connections.writeTransaction { connection in
            guard try Self.exists(id, on: connection) else { return nil }
            if let replacementImages = patch.replacementImages {
                try connection.withStatement("DELETE FROM images WHERE product_id = ?1") {
                    try $0.bind(id, at: 1)
                    try $0.run()
                }
                try Self.insert(replacementImages, productID: id, on: connection)
            }
            if let thumbnailID = patch.thumbnailImageID {
                try Self.checkOwnImage(thumbnailID, productID: id, on: connection)
            }
            try connection.withStatement("""
                UPDATE products SET
                    name = coalesce(?2, name), description = coalesce(?3, description),
                    price = coalesce(?4, price), currency = coalesce(?5, currency),
                    discounted_price = coalesce(?6, discounted_price), stock = coalesce(?7, stock),
                    thumbnail_image_id = coalesce(?8, thumbnail_image_id)
                WHERE id = ?1
                """) {
                try $0.bind(
                    id, patch.name, patch.description, patch.price, patch.currency, patch.discountedPrice,
                    patch.stock, patch.thumbnailImageID)
                try $0.run()
            }
            return try Self.storedDetail(id, on: connection)
        }
    }

    /// Deletes a product with its images; returns what was deleted, nil if there was no such product.
    package func deleteProduct(id: Int64) throws -> Product? {
        try connections.freeingWriteTransaction { try Self.delete(id, on: $0) }
    }

    /// Makes `token` the one that deletes the product (v2b), replacing any earlier token.
    package func setDeleteToken(_ token: String, productID: Int64) throws {
        // The first step of a v2b delete, so it may use the room kept for deletes.
        try connections.freeingWrite { connection in
            try connection.withStatement("UPDATE products SET delete_token = ?1 WHERE id = ?2") {
                try $0.bind(token, productID)
                try $0.run()
            }
            guard connection.changes > 0 else { throw StoreError.productNotFound(id: productID) }
        }
    }

    /// Deletes the product `token` was set for; nil if no product has that token.
    package func deleteProduct(deleteToken token: String) throws -> Product? {
        try connections.freeingWriteTransaction { connection in
            guard let product = try Self.detail(deleteToken: token, on: connection) else { return nil }
            try Self.deleteRow(product.id, on: connection)
            return product
        }
    }

    static let insertImageBytes = "INSERT INTO image_data (image_id, bytes) VALUES (?1, ?2)"

    /// `ids[position]`, when given, is the image's id (seed data); otherwise the next one is taken.
    /// `sharedDataIDs[position]`, when given, names the `shared_image_data` row that holds its bytes.
    static func insert(
        _ images: [NewImage], ids: [Int64]? = nil, sharedDataIDs: [Int64?]? = nil, productID: Int64,
        on connection: Connection
    ) throws {
        for (position, image) in images.enumerated() {
            let sharedDataID = sharedDataIDs?[position]
            try connection.withStatement("""
                INSERT INTO images (product_id, position, media_type, file_extension, origin_key, thumbnail_key,
                                    byte_count, id, shared_data_id)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                """) {
                try $0.bind(
                    productID, position, image.mediaType, image.fileExtension, image.originKey, image.thumbnailKey,
                    image.bytes.count, ids?[position], sharedDataID)
                try $0.run()
            }
            guard sharedDataID == nil else { continue }
            try connection.withStatement(insertImageBytes) {
                try $0.bind(connection.lastInsertRowID, image.bytes)
                try $0.run()
            }
        }
    }

    private static func delete(_ id: Int64, on connection: Connection) throws -> Product? {
        guard let product = try detail(id, on: connection) else { return nil }
        try deleteRow(id, on: connection)
        return product
    }

    /// Deletes the product row; the foreign keys cascade to its images and their bytes.
    private static func deleteRow(_ id: Int64, on connection: Connection) throws {
        try connection.withStatement("DELETE FROM products WHERE id = ?1") {
            try $0.bind(id, at: 1)
            try $0.run()
        }
    }

    private static func exists(_ id: Int64, on connection: Connection) throws -> Bool {
        try connection.withStatement("SELECT 1 FROM products WHERE id = ?1") {
            try $0.bind(id, at: 1)
            return try $0.step()
        }
    }

    private static func checkOwnImage(_ imageID: Int64, productID: Int64, on connection: Connection) throws {
        let owned = try connection.withStatement("SELECT 1 FROM images WHERE id = ?1 AND product_id = ?2") {
            try $0.bind(imageID, productID)
            return try $0.step()
        }
        guard owned else { throw StoreError.thumbnailNotOwnImage(imageID: imageID, productID: productID) }
    }

    /// The detail of a product this transaction has just written.
    static func storedDetail(_ id: Int64, on connection: Connection) throws -> Product {
        guard let product = try detail(id, on: connection) else { throw StoreError.productNotFound(id: id) }
        return product
    }
}
