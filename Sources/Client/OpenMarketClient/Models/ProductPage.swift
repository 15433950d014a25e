/// One page of the product list, newest product first.
///
/// Decodes the v2b camelCase keys (`pageNo`, `itemsPerPage`, …) and also the v2a
/// snake_case ones (`page_no`, `items_per_page`, …); encodes v2b.
public struct ProductPage: Sendable, Hashable, Codable {
    /// The 1-based number of this page (`pageNo`).
    public let pageNumber: Int
    /// The page size that was asked for.
    public let itemsPerPage: Int
    /// How many products match, over all pages.
    public let totalCount: Int
    /// How many matching products come before this page: `(pageNumber - 1) * itemsPerPage`.
    public let offset: Int
    /// The server's `limit`: `offset + itemsPerPage`, the end of this page's range (not the page size).
    public let limit: Int
    /// The number of the last page that has products.
    public let lastPage: Int
    /// Whether a page after this one has products.
    public let hasNext: Bool
    /// Whether this is not the first page (`hasPrev`).
    public let hasPrevious: Bool
    /// The products of this page (`pages` on the wire), at most ``itemsPerPage`` of them.
    public let products: [ProductListItem]

    /// Creates a page value, e.g. for previews and tests.
    public init(
        pageNumber: Int, itemsPerPage: Int, totalCount: Int, offset: Int, limit: Int, lastPage: Int,
        hasNext: Bool, hasPrevious: Bool, products: [ProductListItem]
    ) {
        self.pageNumber = pageNumber
        self.itemsPerPage = itemsPerPage
        self.totalCount = totalCount
        self.offset = offset
        self.limit = limit
        self.lastPage = lastPage
        self.hasNext = hasNext
        self.hasPrevious = hasPrevious
        self.products = products
    }

    private enum CodingKeys: String, CodingKey {
        case pageNumber = "pageNo"
        case itemsPerPage
        case totalCount
        case offset
        case limit
        case lastPage
        case hasNext
        case hasPrevious = "hasPrev"
        case products = "pages"
    }

    private enum V2aCodingKeys: String, CodingKey {
        case pageNumber = "page_no"
        case itemsPerPage = "items_per_page"
        case totalCount = "total_count"
        case lastPage = "last_page"
        case hasNext = "has_next"
        case hasPrevious = "has_prev"
    }

    /// Decodes a v2b page, or a v2a page when the v2b key for a field is absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let v2a = try decoder.container(keyedBy: V2aCodingKeys.self)
        func decode<Value: Decodable>(_ key: CodingKeys, orV2a v2aKey: V2aCodingKeys) throws -> Value {
            if !container.contains(key), v2a.contains(v2aKey) {
                return try v2a.decode(Value.self, forKey: v2aKey)
            }
            return try container.decode(Value.self, forKey: key)
        }
        pageNumber = try decode(.pageNumber, orV2a: .pageNumber)
        itemsPerPage = try decode(.itemsPerPage, orV2a: .itemsPerPage)
        totalCount = try decode(.totalCount, orV2a: .totalCount)
        offset = try container.decode(Int.self, forKey: .offset)
        limit = try container.decode(Int.self, forKey: .limit)
        lastPage = try decode(.lastPage, orV2a: .lastPage)
        hasNext = try decode(.hasNext, orV2a: .hasNext)
        hasPrevious = try decode(.hasPrevious, orV2a: .hasPrevious)
        products = try container.decode([ProductListItem].self, forKey: .products)
    }
}
