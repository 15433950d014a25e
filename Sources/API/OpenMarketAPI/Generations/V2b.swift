import OpenMarketHTTPCore
import OpenMarketMultipart
import OpenMarketWireFormat

extension Generation {
    /// openmarket.yagom-academy.kr, ≈ Oct 2022 – 2024: camelCase page keys, `vendorName` and `description` in list
    /// items, and the archived-URI delete flow. Request keys and JSON key for key in the order of the captures
    /// (docs/wire-format.md).
    package static let v2b = Generation(
        name: "v2b",
        host: "openmarket.yagom-academy.kr",
        dialect: .spring(SpringDialect(
            descriptionKeys: ["description", "descriptions"],
            json: SpringJSON(layout: SpringLayout(
                page: [
                    ("pageNo", .pageNumber), ("itemsPerPage", .itemsPerPage), ("totalCount", .totalCount),
                    ("offset", .offset), ("limit", .limit), ("lastPage", .lastPage), ("hasNext", .hasNext),
                    ("hasPrev", .hasPrev), ("pages", .products),
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
                date: { $0.v2bTimestamp })),
            routes: SpringAPI.productRoutes + [
                SpringRoute(.post, "/api/products/{id}/archived") { V2bDeletion(api: $0).archive },
                SpringRoute(.delete, "/api/products/{token}") { V2bDeletion(api: $0).delete },
            ],
            deleteFlow: .archivedURI)),
        errors: .spring,
        imageKeys: V2bImageKeyLayout(),
        multipartEnding: .closeDelimiter)
}
