/// One product as it appears in a ``ProductPage``.
///
/// The product's fields read directly, as in `item.name`, `item.price` (see ``ProductRepresenting``).
public struct ProductListItem: ProductRepresenting, Hashable, Codable {
    /// The product's own fields.
    public let product: Product
    /// The vendor's login name (camelCase `vendorName` on the wire); `nil` on v2a servers,
    /// whose list pages did not carry it.
    public let vendorName: String?

    /// Creates a list item, e.g. for previews and tests.
    public init(product: Product, vendorName: String?) {
        self.product = product
        self.vendorName = vendorName
    }

    private enum CodingKeys: String, CodingKey {
        case vendorName
    }

    /// Decodes the flat wire object: the product keys and `vendorName` side by side.
    public init(from decoder: any Decoder) throws {
        product = try Product(from: decoder)
        vendorName = try decoder.container(keyedBy: CodingKeys.self)
            .decodeIfPresent(String.self, forKey: .vendorName)
    }

    /// Encodes the flat wire object the server sends.
    public func encode(to encoder: any Encoder) throws {
        try product.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(vendorName, forKey: .vendorName)
    }
}
