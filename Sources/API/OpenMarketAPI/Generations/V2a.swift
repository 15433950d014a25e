import OpenMarketHTTPCore
import OpenMarketMultipart
import OpenMarketWireFormat

extension Generation {
    /// market-training.yagom-academy.kr, Jan – Aug 2022: snake_case page keys, no `vendorName` or `description` in
    /// list items, `succeed` on detail images, and the product-secret delete flow. The detail follows the real
    /// capture in §3.4 of docs/wire-format.md key for key (there `description` sits between `price` and
    /// `bargain_price`); the page follows the captured page, where `pages` comes before `last_page`, and the
    /// course's `products.json`, whose items have no `vendorName` or `description`.
    package static let v2a = Generation(
        name: "v2a",
        host: "market-training.yagom-academy.kr",
        dialect: .spring(SpringDialect(
            descriptionKeys: ["descriptions", "description"],
            json: SpringJSON(layout: SpringLayout(
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
                image: [
                    ("id", .id), ("url", .url), ("thumbnail_url", .thumbnailURL), ("succeed", .succeeded),
                    ("issued_at", .issuedAt),
                ],
                vendor: [("name", .name), ("id", .id), ("created_at", .createdAt), ("issued_at", .issuedAt)],
                date: { $0.v2aTimestamp })),
            routes: SpringAPI.productRoutes + [
                SpringRoute(.post, "/api/products/{id}/secret") { V2aDeletion(api: $0).revealSecret },
                SpringRoute(.delete, "/api/products/{id}/{secret}") { V2aDeletion(api: $0).delete },
            ],
            deleteFlow: .productSecret)),
        errors: .spring,
        imageKeys: V2aImageKeyLayout(),
        multipartEnding: .closeDelimiter)
}
