/// The fields to change with ``OpenMarketClient/updateProduct(id:changes:)``.
///
/// Only the fields that are set are sent; the server keeps the others.
public struct ProductChanges: Sendable, Hashable {
    /// A new name.
    public var name: String?
    /// A new description.
    public var description: String?
    /// The id of one of the product's own images to use as its thumbnail.
    public var thumbnailID: Int?
    /// A new list price.
    public var price: Double?
    /// A new currency.
    public var currency: Currency?
    /// A new discount amount.
    public var discountedPrice: Double?
    /// A new stock count.
    public var stock: Int?

    /// Creates a set of changes; leave a parameter out to keep that field as it is.
    public init(
        name: String? = nil, description: String? = nil, thumbnailID: Int? = nil, price: Double? = nil,
        currency: Currency? = nil, discountedPrice: Double? = nil, stock: Int? = nil
    ) {
        self.name = name
        self.description = description
        self.thumbnailID = thumbnailID
        self.price = price
        self.currency = currency
        self.discountedPrice = discountedPrice
        self.stock = stock
    }
}
