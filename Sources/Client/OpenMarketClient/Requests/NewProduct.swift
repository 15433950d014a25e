/// The product to register with ``OpenMarketClient/createProduct(_:)``.
public struct NewProduct: Sendable, Hashable {
    /// The product name.
    public var name: String
    /// The description.
    public var description: String
    /// The list price.
    public var price: Double
    /// The currency of the prices.
    public var currency: Currency
    /// The discount amount taken off ``price``; `0` for none.
    public var discountedPrice: Double
    /// The number of items in stock.
    public var stock: Int
    /// The images in display order; the server requires at least one.
    public var images: [ImageUpload]

    /// Creates a product to register.
    public init(
        name: String, description: String, price: Double, currency: Currency,
        discountedPrice: Double = 0, stock: Int = 0, images: [ImageUpload]
    ) {
        self.name = name
        self.description = description
        self.price = price
        self.currency = currency
        self.discountedPrice = discountedPrice
        self.stock = stock
        self.images = images
    }
}
