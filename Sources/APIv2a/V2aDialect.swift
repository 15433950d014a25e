import MarketAPI
import MarketStore

/// v2a's request keys and JSON. The detail follows the real capture in §3.4 of the spec key for key (there
/// `description` sits between `price` and `bargain_price`); the page follows the captured page, where `pages`
/// comes before `last_page`, and the course's `products.json`, whose items have no `vendorName` or `description`.
struct V2aDialect: SpringDialect {
    let descriptionKeys = ["descriptions", "description"]
    let imageLayout: any ImageKeyLayout = V2aImageKeyLayout()

    private let json = SpringJSON(layout: SpringLayout(
        page: [
            ("page_no", .pageNumber), ("items_per_page", .itemsPerPage), ("total_count", .totalCount),
            ("offset", .offset), ("limit", .limit), ("pages", .products), ("last_page", .lastPage),
            ("has_next", .hasNext), ("has_prev", .hasPrev),
        ],
        listItem: [
            ("id", .id), ("vendor_id", .vendorID), ("name", .name), ("thumbnail", .thumbnail), ("currency", .currency),
            ("price", .price), ("bargain_price", .bargainPrice), ("discounted_price", .discountedPrice),
            ("stock", .stock), ("created_at", .createdAt), ("issued_at", .issuedAt),
        ],
        detail: [
            ("id", .id), ("vendor_id", .vendorID), ("name", .name), ("thumbnail", .thumbnail), ("currency", .currency),
            ("price", .price), ("description", .description), ("bargain_price", .bargainPrice),
            ("discounted_price", .discountedPrice), ("stock", .stock), ("created_at", .createdAt),
            ("issued_at", .issuedAt), ("images", .images), ("vendors", .vendor),
        ],
        image: [("id", .id), ("url", .url), ("thumbnail_url", .thumbnailURL), ("succeed", .succeeded), ("issued_at", .issuedAt)],
        vendor: [("name", .name), ("id", .id), ("created_at", .createdAt), ("issued_at", .issuedAt)],
        date: { $0.v2aTimestamp }))

    func writeDetail(_ product: Product, base: BaseURL) -> [UInt8] {
        json.detail(product, base: base)
    }

    func writePage(_ window: PageWindow, products: [Product], base: BaseURL) -> [UInt8] {
        json.page(window, products: products, base: base)
    }
}
