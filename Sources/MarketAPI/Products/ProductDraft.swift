/// A product's fields as a request gave them, before they are stored; the same for every generation.
public struct ProductDraft: Sendable, Equatable {
    public var name: String
    public var description: String
    public var price: Double
    public var currency: String
    public var discountedPrice: Double?
    public var stock: Int64

    public init(name: String, description: String, price: Double, currency: String, discountedPrice: Double?, stock: Int64) {
        self.name = name
        self.description = description
        self.price = price
        self.currency = currency
        self.discountedPrice = discountedPrice
        self.stock = stock
    }
}
