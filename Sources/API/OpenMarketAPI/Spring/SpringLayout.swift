import OpenMarketWireFormat

/// How one Spring generation spells its JSON: which keys, in which order, and how dates look. What each key holds
/// is the same in every generation, so `SpringJSON` writes the values once for all of them.
struct SpringLayout: Sendable {
    enum PageValue: Sendable {
        case pageNumber, itemsPerPage, totalCount, offset, limit, lastPage, hasNext, hasPrev, products
    }

    enum ProductValue: Sendable {
        case id, vendorID, vendorName, name, description, thumbnail, currency, price, bargainPrice, discountedPrice
        case stock, createdAt, issuedAt, images, vendor
    }

    enum ImageValue: Sendable {
        case id, url, thumbnailURL, succeeded, issuedAt
    }

    enum VendorValue: Sendable {
        case id, name, createdAt, issuedAt
    }

    typealias Keys<Value> = [(key: StaticString, value: Value)]

    var page: Keys<PageValue>
    /// A product inside the page's list.
    var listItem: Keys<ProductValue>
    var detail: Keys<ProductValue>
    var image: Keys<ImageValue>
    var vendor: Keys<VendorValue>
    /// `created_at` and `issued_at` from the Asia/Seoul calendar day.
    var date: @Sendable (SeoulDate) -> String

    init(
        page: Keys<PageValue>, listItem: Keys<ProductValue>, detail: Keys<ProductValue>, image: Keys<ImageValue>,
        vendor: Keys<VendorValue>, date: @escaping @Sendable (SeoulDate) -> String
    ) {
        self.page = page
        self.listItem = listItem
        self.detail = detail
        self.image = image
        self.vendor = vendor
        self.date = date
    }
}
