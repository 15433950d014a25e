/// A product with its images and vendor, as the detail, create, patch and delete calls return it.
///
/// The product's fields read directly, as in `detail.name`, `detail.stock` (see ``ProductRepresenting``).
public struct ProductDetail: ProductRepresenting, Hashable, Codable {
    /// The product's own fields.
    public let product: Product
    /// The images in upload order; ``Product/thumbnailURL`` is one of their thumbnails.
    public let images: [ProductImage]
    /// The vendor who sells the product (the wire key is `vendors`, an object).
    public let vendor: Vendor

    /// Creates a detail value, e.g. for previews and tests.
    public init(product: Product, images: [ProductImage], vendor: Vendor) {
        self.product = product
        self.images = images
        self.vendor = vendor
    }

    private enum CodingKeys: String, CodingKey {
        case images
        case vendor = "vendors"
    }

    /// Decodes the flat wire object: the product keys beside `images` and `vendors`.
    public init(from decoder: any Decoder) throws {
        product = try Product(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        images = try container.decode([ProductImage].self, forKey: .images)
        vendor = try container.decode(Vendor.self, forKey: .vendor)
    }

    /// Encodes the flat wire object the server sends.
    public func encode(to encoder: any Encoder) throws {
        try product.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(images, forKey: .images)
        try container.encode(vendor, forKey: .vendor)
    }
}
