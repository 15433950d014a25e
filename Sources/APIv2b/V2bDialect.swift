import MarketAPI
import MarketStore

/// v2b's request keys and JSON, key for key in the order of the captures in the spec's samples.
struct V2bDialect: SpringDialect {
    let descriptionKeys = ["description", "descriptions"]
    let imageLayout: any ImageKeyLayout = V2bImageKeyLayout()

    private let json = SpringJSON(layout: SpringLayout(
        page: [
            ("pageNo", .pageNumber), ("itemsPerPage", .itemsPerPage), ("totalCount", .totalCount), ("offset", .offset),
            ("limit", .limit), ("lastPage", .lastPage), ("hasNext", .hasNext), ("hasPrev", .hasPrev),
            ("pages", .products),
        ],
        listItem: [
            ("id", .id), ("vendor_id", .vendorID), ("vendorName", .vendorName), ("name", .name),
            ("description", .description), ("thumbnail", .thumbnail), ("currency", .currency), ("price", .price),
            ("bargain_price", .bargainPrice), ("discounted_price", .discountedPrice), ("stock", .stock),
            ("created_at", .createdAt), ("issued_at", .issuedAt),
        ],
        detail: [
            ("id", .id), ("vendor_id", .vendorID), ("name", .name), ("description", .description),
            ("thumbnail", .thumbnail), ("currency", .currency), ("price", .price), ("bargain_price", .bargainPrice),
            ("discounted_price", .discountedPrice), ("stock", .stock), ("created_at", .createdAt),
            ("issued_at", .issuedAt), ("images", .images), ("vendors", .vendor),
        ],
        image: [("id", .id), ("url", .url), ("thumbnail_url", .thumbnailURL), ("issued_at", .issuedAt)],
        vendor: [("id", .id), ("name", .name)],
        date: { $0.v2bTimestamp }))

    func writeDetail(_ product: Product, base: BaseURL) -> [UInt8] {
        json.detail(product, base: base)
    }

    func writePage(_ window: PageWindow, products: [Product], base: BaseURL) -> [UInt8] {
        json.page(window, products: products, base: base)
    }
}
