/// The JSON keys of v2b write requests.
private enum ProductRequestKey: String, CodingKey {
    case name, description, price, currency, stock, secret
    case discountedPrice = "discounted_price"
    case thumbnailID = "thumbnail_id"
}

/// The `params` part of a create request: the product's fields and the vendor secret.
struct CreationParams: Encodable {
    let product: NewProduct
    let secret: String

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ProductRequestKey.self)
        try container.encode(product.name, forKey: .name)
        try container.encode(product.description, forKey: .description)
        try container.encode(product.price, forKey: .price)
        try container.encode(product.currency, forKey: .currency)
        try container.encode(product.discountedPrice, forKey: .discountedPrice)
        try container.encode(product.stock, forKey: .stock)
        try container.encode(secret, forKey: .secret)
    }
}

/// A PATCH body: the changed fields only, and the vendor secret.
struct ChangeRequest: Encodable {
    let changes: ProductChanges
    let secret: String

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ProductRequestKey.self)
        try container.encodeIfPresent(changes.name, forKey: .name)
        try container.encodeIfPresent(changes.description, forKey: .description)
        try container.encodeIfPresent(changes.thumbnailID, forKey: .thumbnailID)
        try container.encodeIfPresent(changes.price, forKey: .price)
        try container.encodeIfPresent(changes.currency, forKey: .currency)
        try container.encodeIfPresent(changes.discountedPrice, forKey: .discountedPrice)
        try container.encodeIfPresent(changes.stock, forKey: .stock)
        try container.encode(secret, forKey: .secret)
    }
}

/// The body of the delete-URI lookup.
struct SecretRequest: Encodable {
    let secret: String
}
