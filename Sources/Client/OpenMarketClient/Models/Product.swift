public import Foundation

/// The fields a product has both in a list page and in its detail.
///
/// ``ProductListItem`` and ``ProductDetail`` expose these directly through dynamic member
/// lookup, so `item.name` works on either.
public struct Product: Sendable, Hashable, Codable {
    /// The product id, unique on the server and never reused.
    public let id: Int
    /// The id of the vendor who sells the product.
    public let vendorID: Int
    /// The product name.
    public let name: String
    /// The description; empty when the server sent none (v2a list pages never did).
    public let description: String
    /// The URL of the thumbnail image.
    public let thumbnailURL: URL
    /// The currency of all three prices.
    public let currency: Currency
    /// The list price.
    public let price: Double
    /// The price to pay: `price - discountedPrice`.
    public let bargainPrice: Double
    /// The discount amount (not the discounted price, despite the server's key name); `0` for none.
    public let discountedPrice: Double
    /// The number of items in stock.
    public let stock: Int
    /// When the product was registered (the server keeps the day only).
    public let createdAt: ServerDateTime
    /// When the product was issued; the server sends the same value as ``createdAt``.
    public let issuedAt: ServerDateTime

    /// Creates a product value, e.g. for previews and tests.
    public init(
        id: Int, vendorID: Int, name: String, description: String, thumbnailURL: URL,
        currency: Currency, price: Double, bargainPrice: Double, discountedPrice: Double, stock: Int,
        createdAt: ServerDateTime, issuedAt: ServerDateTime
    ) {
        self.id = id
        self.vendorID = vendorID
        self.name = name
        self.description = description
        self.thumbnailURL = thumbnailURL
        self.currency = currency
        self.price = price
        self.bargainPrice = bargainPrice
        self.discountedPrice = discountedPrice
        self.stock = stock
        self.createdAt = createdAt
        self.issuedAt = issuedAt
    }

    private enum CodingKeys: String, CodingKey {
        case id
        case vendorID = "vendor_id"
        case name
        case description
        case thumbnailURL = "thumbnail"
        case currency
        case price
        case bargainPrice = "bargain_price"
        case discountedPrice = "discounted_price"
        case stock
        case createdAt = "created_at"
        case issuedAt = "issued_at"
    }

    /// Decodes the snake_case product keys both server generations use.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        vendorID = try container.decode(Int.self, forKey: .vendorID)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
        thumbnailURL = try container.decode(URL.self, forKey: .thumbnailURL)
        currency = try container.decode(Currency.self, forKey: .currency)
        price = try container.decode(Double.self, forKey: .price)
        bargainPrice = try container.decode(Double.self, forKey: .bargainPrice)
        discountedPrice = try container.decode(Double.self, forKey: .discountedPrice)
        stock = try container.decode(Int.self, forKey: .stock)
        createdAt = try container.decode(ServerDateTime.self, forKey: .createdAt)
        issuedAt = try container.decode(ServerDateTime.self, forKey: .issuedAt)
    }
}
