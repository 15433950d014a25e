import OpenMarketSQLite

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
        guard let text = filter.text else {
            let read = { (connection: Connection) throws -> ProductPage in
                let totalCount: Int = try connection.withStatement(filter.countSQL) { try $0.step() ? $0.column(0) : 0 }
                return ProductPage(
                    products: try Self.pageProducts(filter.pageSQL(order), filter, limit, offset, on: connection),
                    totalCount: totalCount)
            }
            let isShort = offset < Self.shortReadRows && limit <= Self.shortReadRows - offset
            return try isShort ? connections.shortReadTransaction(read) : connections.readTransaction(read)
        }
        return try searchPage(filter, text: text, offset: offset, limit: limit, order: order)
    }

    /// A page of a search, in one read. Its count is a kept one (`searchCounts`, or the search index's) plus the
    /// matches created since, when the read's snapshot holds exactly the rewrites that count was kept at: the rewrite
    /// count is the same before the read and once its snapshot is taken (a rewrite in flight meanwhile may be in the
    /// snapshot or not). Else it is counted whole in the snapshot, and kept for the next reads if no rewrite was in
    /// flight before or during the read.
    private func searchPage(
        _ filter: ProductFilter, text: String, offset: Int, limit: Int, order: ListOrder
    ) throws -> ProductPage {
        let rewrites = connections.settledRewriteCount
        let candidate = rewrites.flatMap { keptCount(of: text, rewrites: $0) }
        let (page, largestID, total, usedKept) = try connections.readTransaction { [connections] connection in
            // The snapshot is taken at the read's first statement.
            let largestID = try Self.largestProductID(on: connection)
            let kept = connections.settledRewriteCount == rewrites ? candidate : nil
            let count = try Self.searchCount(filter, text: text, kept: kept, on: connection)
            let total = try Self.productCount(on: connection)
            let plan = Self.searchPlan(filter, matches: count, total: total, offset: offset, limit: limit)
            let products = try Self.pageProducts(plan.pageSQL(order), plan, limit, offset, on: connection)
            return (ProductPage(products: products, totalCount: count), largestID, total, kept != nil)
        }
        if usedKept {
            // Counted from a kept count and the products created since, which the index may take in.
            searchIndex.extendIfBehind(connections, largestID: largestID)
        } else {
            // Counted whole in SQL: the index is missing or stale, and is built for the searches after this one.
            searchIndex.refresh(connections) { total }
        }
        guard let rewrites, connections.settledRewriteCount == rewrites else { return page }
        let entry = SearchCounts.Entry(count: page.totalCount, largestID: largestID, rewrites: rewrites)
        searchCounts.keep(entry, for: text)
        return page
    }

    /// The count of `text` kept from an earlier search, else the search index's, for the rewrite count `rewrites`.
    private func keptCount(of text: String, rewrites: UInt64) -> SearchCounts.Entry? {
        searchCounts.entry(for: text, rewrites: rewrites) ?? searchIndex.entry(for: text, rewrites: rewrites)
    }

    private static func pageProducts(
        _ sql: String, _ filter: ProductFilter, _ limit: Int, _ offset: Int, on connection: Connection
    ) throws -> [Product] {
        try connection.withStatement(sql) {
            try filter.bind(to: $0)
            try $0.bind(limit, at: 3)
            try $0.bind(offset, at: 4)
            return try ProductRows.products(from: $0)
        }
    }

    /// The matches of `text` in this snapshot: the kept count plus the matches created since, or all counted.
    private static func searchCount(
        _ filter: ProductFilter, text: String, kept: SearchCounts.Entry?, on connection: Connection
    ) throws -> Int {
        guard let kept else {
            return try connection.withStatement(filter.countSQL) {
                try filter.bind(to: $0)
                return try $0.step() ? $0.column(0) : 0
            }
        }
        return try kept.count + connection.withStatement(ProductFilter.countAboveSQL) {
            try $0.bind(text, kept.largestID)
            return try $0.step() ? $0.column(0) : 0
        }
    }

    static func productCount(on connection: Connection) throws -> Int {
        try connection.withStatement(ProductFilter.none.countSQL) { try $0.step() ? $0.column(0) : 0 }
    }

    /// 0 when there are no products.
    static func largestProductID(on connection: Connection) throws -> Int64 {
        try connection.withStatement("SELECT coalesce(max(id), 0) FROM products") { try $0.step() ? $0.column(0) : 0 }
    }

    /// Walking the list in order and keeping the matches finds a page of a search that matches many products
    /// (a fifth: some hundred rows) far sooner than collecting and sorting all its candidates from the index; a
    /// search that matches few would walk the whole list that way, so it keeps the index.
    private static func searchPlan(
        _ filter: ProductFilter, matches: Int, total: Int, offset: Int, limit: Int
    ) -> ProductFilter {
        let expectedWalk = Double(offset + limit) * Double(total) / Double(max(matches, 1))
        return matches > 0 && expectedWalk <= Self.searchWalkRows ? filter.walking : filter
    }

    /// About what the index costs for a search with many matches.
    static let searchWalkRows = 50_000.0

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
