import OpenMarketSQLite

/// The SQL that reads products with their vendor and image metadata, and the decoding of its rows.
///
/// Every statement is a constant built once, so the hot path never assembles SQL.
enum ProductRows {
    /// One row per image (or one row for a product without images); a product's rows are consecutive.
    private static let columns = """
        p.id, p.vendor_id, v.name, v.created_at, p.name, p.description, p.price, p.currency,
        p.discounted_price, p.stock, p.registered_at, p.thumbnail_image_id, p.password, p.product_secret,
        i.id, i.position, i.media_type, i.file_extension, i.origin_key, i.thumbnail_key, i.byte_count
        """
    private static let joins = """
        LEFT JOIN vendors v ON v.id = p.vendor_id
        LEFT JOIN images i ON i.product_id = p.id
        """
    /// ?1: the search text. Case-insensitive for ASCII, literal for every other character (`%`, `_`, quotes and
    /// NUL included); `contains_text` is the store's own function (see `Connection.addTextContainsFunction`).
    static let vendorMatches = "contains_text(v.name, ?1)"
    static let nameMatches = "contains_text(p.name, ?1)"
    static let matches = "(\(nameMatches) OR \(vendorMatches))"

    /// ?1: the product id.
    static let detail = "SELECT \(columns) FROM products p \(joins) WHERE p.id = ?1 ORDER BY i.position"
    /// ?1: the delete token.
    static let detailByDeleteToken = "SELECT \(columns) FROM products p \(joins) WHERE p.delete_token = ?1 ORDER BY i.position"

    /// One page of products with their images, in `order`: `pageProducts` is the FROM item that names the page's
    /// products `p` (with LIMIT ?3 and OFFSET ?4 inside it), after the `WITH` clause `commonTables` it needs, if any.
    static func page(with commonTables: String, from pageProducts: String, order: ListOrder) -> String {
        """
        \(commonTables) SELECT \(columns) FROM \(pageProducts) \(joins)
        ORDER BY p.id \(order.sqlDirection), i.position
        """
    }

    /// Steps `statement` (one of the queries above) to the end and groups its rows into products.
    static func products(from statement: Statement) throws -> [Product] {
        var products: [Product] = []
        var storedThumbnailID: Int64?
        while try statement.step() {
            let id: Int64 = statement.column(0)
            if products.last?.id != id {
                resolveThumbnail(of: &products, storedID: storedThumbnailID)
                storedThumbnailID = statement.column(11)
                products.append(product(from: statement, id: id))
            }
            if let imageID: Int64 = statement.column(14) {
                products[products.count - 1].images.append(image(from: statement, id: imageID))
            }
        }
        resolveThumbnail(of: &products, storedID: storedThumbnailID)
        return products
    }

    /// A product without a chosen thumbnail shows its first image.
    private static func resolveThumbnail(of products: inout [Product], storedID: Int64?) {
        guard let last = products.indices.last else { return }
        products[last].thumbnailImageID = storedID ?? products[last].images.first?.id
    }

    private static func product(from row: Statement, id: Int64) -> Product {
        Product(
            id: id, vendorID: row.column(1), vendorName: row.column(2), vendorCreatedAt: row.column(3),
            fields: ProductFields(
                name: row.column(4), description: row.column(5), price: row.column(6), currency: row.column(7),
                discountedPrice: row.column(8), stock: row.column(9)),
            registeredAt: row.column(10),
            thumbnailImageID: nil, password: row.column(12), productSecret: row.column(13), images: []
        )
    }

    private static func image(from row: Statement, id: Int64) -> ImageRecord {
        ImageRecord(
            id: id, position: row.column(15), mediaType: row.column(16), fileExtension: row.column(17),
            originKey: row.column(18), thumbnailKey: row.column(19), byteCount: row.column(20)
        )
    }
}

extension ListOrder {
    /// The direction of `ORDER BY p.id`.
    var sqlDirection: String {
        self == .newestFirst ? "DESC" : "ASC"
    }
}
