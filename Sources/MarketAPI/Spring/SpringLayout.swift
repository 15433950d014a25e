import WireFormat

/// How one Spring generation spells its JSON: which keys, in which order, and how dates look. What each key holds
/// is the same in every generation, so `SpringJSON` writes the values once for all of them.
public struct SpringLayout: Sendable {
    public enum PageValue: Sendable {
        case pageNumber, itemsPerPage, totalCount, offset, limit, lastPage, hasNext, hasPrev, products
    }

    public enum ProductValue: Sendable {
        case id, vendorID, vendorName, name, description, thumbnail, currency, price, bargainPrice, discountedPrice
        case stock, createdAt, issuedAt, images, vendor
    }

    public enum ImageValue: Sendable {
        case id, url, thumbnailURL, succeeded, issuedAt
    }

    public enum VendorValue: Sendable {
        case id, name, createdAt, issuedAt
    }

    public typealias Keys<Value> = [(key: StaticString, value: Value)]

    public var page: Keys<PageValue>
    /// A product inside the page's list.
    public var listItem: Keys<ProductValue>
    public var detail: Keys<ProductValue>
    public var image: Keys<ImageValue>
    public var vendor: Keys<VendorValue>
    /// `created_at` and `issued_at` from the Asia/Seoul calendar day.
    public var date: @Sendable (SeoulDate) -> String

    public init(
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
