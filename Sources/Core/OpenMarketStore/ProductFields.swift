/// What a seller says about a product, the same in every generation: what a create sends, what a patch changes,
/// and what a stored product carries. `NewProduct` and `Product` hold one and expose its fields as their own.
package struct ProductFields: Sendable, Equatable {
    package var name: String
    package var description: String
    package var price: Double
    package var currency: String
    /// nil when none was given (v1 then omits the key; v2 shows 0).
    package var discountedPrice: Double?
    package var stock: Int64

    package init(name: String, description: String, price: Double, currency: String, discountedPrice: Double?, stock: Int64) {
        self.name = name
        self.description = description
        self.price = price
        self.currency = currency
        self.discountedPrice = discountedPrice
        self.stock = stock
    }
}
