import Foundation

public struct ProductList: Decodable, Sendable {
    public let pageNo: Int
    public let itemsPerPage: Int
    public let totalCount: Int
    public let hasNext: Bool
    public let pages: [Product]
}

public struct Product: Decodable, Sendable, Identifiable {
    public let id: Int
    public let vendorId: Int
    public let name: String
    public let description: String
    public let thumbnail: String
    public let currency: String
    public let price: Double
    public let bargainPrice: Double
    public let discountedPrice: Double
    public let stock: Int
    public let images: [ProductImage]?
    /// The seller, in a product's detail.
    public let vendors: Vendor?
}

/// A seller as the detail shows it. The app's own `Vendor`, beside the emulator's `OpenMarketEmulator.Vendor` and
/// the client's: a test that imports the app and OpenMarketEmulator still reads `Vendor` as this one.
public struct Vendor: Decodable, Sendable {
    public let id: Int
    public let name: String
}

public struct ProductImage: Decodable, Sendable {
    public let id: Int
    public let url: String
    public let thumbnailUrl: String
}

/// What the registration screen sends as `params`.
public struct ProductParams: Encodable, Sendable {
    public var name: String
    public var description: String
    public var price: Double
    public var currency: String
    public var discountedPrice: Double
    public var stock: Int
    public var secret: String

    public init(
        name: String, description: String, price: Double, currency: String = "KRW", discountedPrice: Double = 0,
        stock: Int = 0, secret: String
    ) {
        self.name = name
        self.description = description
        self.price = price
        self.currency = currency
        self.discountedPrice = discountedPrice
        self.stock = stock
        self.secret = secret
    }
}
