import SQLite

extension MarketStore {
    /// The product with its vendor's name and its images' metadata.
    package func product(id: Int64) throws -> Product? {
        try connections.read { try Self.detail(id, on: $0) }
    }

    /// The product `token` was set for with `setDeleteToken`, so its owner can be checked before the
    /// token is spent; nil if no product has that token.
    package func product(deleteToken token: String) throws -> Product? {
        try connections.read { try Self.detail(deleteToken: token, on: $0) }
    }

    /// Products `offset..<offset+limit` of the list in `order`, each with its images' metadata, and the
    /// size of the whole list. `search` keeps products whose name or vendor's name contains it, ignoring
    /// ASCII case and taking every character literally; nil or empty keeps all.
    package func page(offset: Int, limit: Int, search: String?, order: ListOrder) throws -> ProductPage {
        guard offset >= 0, limit >= 0 else { throw StoreError.invalidPage(offset: offset, limit: limit) }
        let filter = ProductFilter(search: search)
        let read = { (connection: Connection) throws -> ProductPage in
            let totalCount = try connection.withStatement(filter.countSQL) {
                try filter.bind(to: $0)
                return try $0.step() ? $0.column(0) : 0
            }
            let products = try connection.withStatement(filter.pageSQL(order)) {
                try filter.bind(to: $0)
                try $0.bind(limit, at: 3)
                try $0.bind(offset, at: 4)
                return try ProductRows.products(from: $0)
            }
            return ProductPage(products: products, totalCount: totalCount)
        }
        let isShort = filter.isUnfiltered && offset < Self.shortReadRows && limit <= Self.shortReadRows - offset
        return try isShort ? connections.shortReadTransaction(read) : connections.readTransaction(read)
    }

    /// The most rows an unfiltered page may step through and still be read on the writer connection (see
    /// `ConnectionPool.shortReadTransaction`): about a millisecond of a write's wait at most.
    static let shortReadRows = 1_000

    /// The image stored at `key`, its origin or its thumbnail URL path.
    package func image(key: String) throws -> StoredImage? {
        try connections.read { connection in
            try connection.withStatement("""
                SELECT i.media_type, coalesce(d.bytes, s.bytes) FROM images i
                LEFT JOIN image_data d ON d.image_id = i.id LEFT JOIN shared_image_data s ON s.id = i.shared_data_id
                WHERE i.origin_key = ?1 OR i.thumbnail_key = ?1 LIMIT 1
                """) {
                try $0.bind(key, at: 1)
                guard try $0.step() else { return nil }
                return StoredImage(bytes: $0.column(1), mediaType: $0.column(0))
            }
        }
    }

    static func detail(_ id: Int64, on connection: Connection) throws -> Product? {
        try connection.withStatement(ProductRows.detail) {
            try $0.bind(id, at: 1)
            return try ProductRows.products(from: $0).first
        }
    }

    static func detail(deleteToken token: String, on connection: Connection) throws -> Product? {
        try connection.withStatement(ProductRows.detailByDeleteToken) {
            try $0.bind(token, at: 1)
            return try ProductRows.products(from: $0).first
        }
    }
}
