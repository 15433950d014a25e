package import OpenMarketStore

/// Seed data as an in-memory value: vendors and products with their image bytes, built once (the demo catalogue
/// or a fixture file) and applied to an empty store in one transaction, so it can be applied again quickly.
package struct SeedCatalogue: Sendable {
    package var vendors: [VendorConfiguration]
    package var products: [SeedProduct]

    package init(vendors: [VendorConfiguration], products: [SeedProduct]) {
        self.vendors = vendors
        self.products = products
    }
}

/// A product as seed data describes it. What is nil is given at `SeedCatalogue.storeRows`: the next id, the
/// time, image ids and keys derived from the product, a v2a secret derived from the id, the vendor's secret as
/// the v1 password. `product.name` and the other seller-given fields read through to `fields`.
@dynamicMemberLookup
package struct SeedProduct: Sendable {
    package var id: Int64?
    /// The vendor's identifier; v1 needs none.
    package var vendor: String?
    package var fields: ProductFields
    /// Unix seconds.
    package var registeredAt: Double?
    package var images: [SeedImage]
    /// v2a's product secret.
    package var secret: String?
    /// v1's password.
    package var password: String?
    /// The image chosen as thumbnail (v2 PATCH `thumbnail_id`) when it is not the first.
    package var thumbnailImageID: Int64?

    package init(
        id: Int64? = nil, vendor: String?, fields: ProductFields, registeredAt: Double? = nil, images: [SeedImage],
        secret: String? = nil, password: String? = nil, thumbnailImageID: Int64? = nil
    ) {
        self.id = id
        self.vendor = vendor
        self.fields = fields
        self.registeredAt = registeredAt
        self.images = images
        self.secret = secret
        self.password = password
        self.thumbnailImageID = thumbnailImageID
    }

    package subscript<Value>(dynamicMember field: WritableKeyPath<ProductFields, Value>) -> Value {
        get { fields[keyPath: field] }
        set { fields[keyPath: field] = newValue }
    }
}

package struct SeedImage: Sendable {
    package var bytes: [UInt8]
    /// Sniffed from the bytes, e.g. `image/png`.
    package var mediaType: String
    package var fileExtension: String?
    package var id: Int64?
    package var keys: (origin: String, thumbnail: String)?

    package init(
        bytes: [UInt8], mediaType: String, fileExtension: String?, id: Int64? = nil,
        keys: (origin: String, thumbnail: String)? = nil
    ) {
        self.bytes = bytes
        self.mediaType = mediaType
        self.fileExtension = fileExtension
        self.id = id
        self.keys = keys
    }
}
