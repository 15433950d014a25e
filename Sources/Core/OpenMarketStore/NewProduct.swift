/// A product to create; the store assigns its id.
@dynamicMemberLookup
package struct NewProduct: Sendable, Equatable {
    /// The owning vendor on v2; nil on v1, which has no vendors.
    package var vendorID: Int64?
    package var fields: ProductFields
    /// Unix seconds with fraction.
    package var registeredAt: Double
    /// v1: guards PATCH and DELETE.
    package var password: String?
    /// v2a: what the secret lookup returns and DELETE requires.
    package var productSecret: String?

    package init(vendorID: Int64?, fields: ProductFields, registeredAt: Double, password: String?, productSecret: String?) {
        self.vendorID = vendorID
        self.fields = fields
        self.registeredAt = registeredAt
        self.password = password
        self.productSecret = productSecret
    }

    package subscript<Value>(dynamicMember field: WritableKeyPath<ProductFields, Value>) -> Value {
        get { fields[keyPath: field] }
        set { fields[keyPath: field] = newValue }
    }
}

/// An uploaded image to store with a product; the store keeps the upload order.
package struct NewImage: Sendable, Equatable {
    package var bytes: [UInt8]
    /// Detected from the bytes, e.g. `image/png`.
    package var mediaType: String
    /// From the uploaded filename; nil if it had none.
    package var fileExtension: String?
    /// The URL path the original is served at.
    package var originKey: String
    /// The URL path the thumbnail is served at.
    package var thumbnailKey: String

    package init(bytes: [UInt8], mediaType: String, fileExtension: String?, originKey: String, thumbnailKey: String) {
        self.bytes = bytes
        self.mediaType = mediaType
        self.fileExtension = fileExtension
        self.originKey = originKey
        self.thumbnailKey = thumbnailKey
    }
}
