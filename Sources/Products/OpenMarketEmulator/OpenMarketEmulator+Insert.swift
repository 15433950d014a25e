import Catalogue
import EmulatorCore
public import Foundation
import MarketStore

extension OpenMarketEmulator {
    /// A product a test needs exactly as the real server had it: its id, its words, its secret, its pictures.
    /// The words are v2's: on v1 `name` is the title, `description` the descriptions, `secret` the item's password
    /// (required there) and `discountedPrice` the sale price (0: none); on v2a `secret` is the product's own secret
    /// (nil: one derived from the id). `vendor` is a configured vendor's identifier (nil: the first configured).
    public struct SeedProduct: Sendable {
        /// nil: the next free id.
        public var id: Int?
        public var name: String
        public var description: String
        public var price: Double
        public var currency: String
        public var discountedPrice: Double
        public var stock: Int
        public var vendor: String?
        public var secret: String?
        /// JPEG, PNG, GIF or WebP bytes, at least one.
        public var images: [Data]
        /// nil: the time of the insert (or ``Options/now``).
        public var createdAt: Date?

        public init(
            id: Int? = nil, name: String, description: String = "", price: Double, currency: String = "KRW",
            discountedPrice: Double = 0, stock: Int = 0, vendor: String? = nil, secret: String? = nil, images: [Data],
            createdAt: Date? = nil
        ) {
            self.id = id
            self.name = name
            self.description = description
            self.price = price
            self.currency = currency
            self.discountedPrice = discountedPrice
            self.stock = stock
            self.vendor = vendor
            self.secret = secret
            self.images = images
            self.createdAt = createdAt
        }
    }

    /// Adds `products` to the store, in one transaction, and returns their ids in order. Throws ``SetupError``,
    /// naming the product and what to change, for an id that is taken, a vendor that is not configured or an image
    /// that is not a picture; then nothing was inserted. `POST /__admin/products` does the same for a server.
    @discardableResult
    public func insert(_ products: [SeedProduct]) throws(SetupError) -> [Int] {
        do {
            return try emulator.insert(products.map(InsertedProduct.init)).map { Int($0) }
        } catch {
            throw SetupError("\(error)")
        }
    }
}

extension InsertedProduct {
    fileprivate init(_ product: OpenMarketEmulator.SeedProduct) {
        self.init(
            id: product.id.map(Int64.init), vendor: product.vendor,
            fields: ProductFields(
                name: product.name, description: product.description, price: product.price, currency: product.currency,
                discountedPrice: product.discountedPrice, stock: Int64(product.stock)),
            registeredAt: product.createdAt?.timeIntervalSince1970, secret: product.secret,
            images: product.images.map { Array($0) })
    }
}
