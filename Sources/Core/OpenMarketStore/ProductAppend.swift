import OpenMarketSQLite

/// What the one write that only adds may do: store a new product, whose id AUTOINCREMENT gives above every id
/// before, with its images. `ConnectionPool.append` hands out this instead of a connection, so what a write does to
/// derived state follows from its type: a write given a `Connection` may change or remove anything and makes every
/// kept count stale; one given a `ProductAppend` cannot, and leaves them counting (`SearchCounts`).
struct ProductAppend {
    private let connection: Connection

    init(_ connection: Connection) {
        self.connection = connection
    }

    /// Stores `product` and its images and returns what was stored.
    func insert(_ product: NewProduct, images: [NewImage]) throws -> Product {
        try connection.withStatement("""
            INSERT INTO products (vendor_id, name, description, price, currency, discounted_price, stock,
                                  registered_at, password, product_secret)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
            """) {
            try $0.bind(
                product.vendorID, product.name, product.description, product.price, product.currency,
                product.discountedPrice, product.stock, product.registeredAt, product.password,
                product.productSecret)
            try $0.run()
        }
        let id = connection.lastInsertRowID
        try MarketStore.insert(images, productID: id, on: connection)
        return try MarketStore.storedDetail(id, on: connection)
    }
}
