/// A create `params` part or a PATCH body: the product fields that are set, and the vendor secret.
struct ProductFieldsBody: Encodable {
    let fields: ProductChanges
    let secret: String

    private enum CodingKeys: String, CodingKey {
        case name, description, price, currency, stock, secret
        case discountedPrice = "discounted_price"
        case thumbnailID = "thumbnail_id"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(fields.name, forKey: .name)
        try container.encodeIfPresent(fields.description, forKey: .description)
        try container.encodeIfPresent(fields.thumbnailID, forKey: .thumbnailID)
        try container.encodeIfPresent(fields.price, forKey: .price)
        try container.encodeIfPresent(fields.currency, forKey: .currency)
        try container.encodeIfPresent(fields.discountedPrice, forKey: .discountedPrice)
        try container.encodeIfPresent(fields.stock, forKey: .stock)
        try container.encode(secret, forKey: .secret)
    }
}

extension ProductFieldsBody {
    /// The `params` of a create request carry every field of the new product.
    init(creating product: NewProduct, secret: String) {
        let fields = ProductChanges(
            name: product.name, description: product.description, price: product.price, currency: product.currency,
            discountedPrice: product.discountedPrice, stock: product.stock)
        self.init(fields: fields, secret: secret)
    }
}

/// The body of the delete-URI lookup.
struct SecretRequest: Encodable {
    let secret: String
}
