/// A product to create; the store assigns its id.
@dynamicMemberLookup
public struct NewProduct: Sendable, Equatable {
    /// The owning vendor on v2; nil on v1, which has no vendors.
    public var vendorID: Int64?
    public var fields: ProductFields
    /// Unix seconds with fraction.
    public var registeredAt: Double
    /// v1: guards PATCH and DELETE.
    public var password: String?
    /// v2a: what the secret lookup returns and DELETE requires.
    public var productSecret: String?

    public init(vendorID: Int64?, fields: ProductFields, registeredAt: Double, password: String?, productSecret: String?) {
        self.vendorID = vendorID
        self.fields = fields
        self.registeredAt = registeredAt
        self.password = password
        self.productSecret = productSecret
    }

    public subscript<Value>(dynamicMember field: WritableKeyPath<ProductFields, Value>) -> Value {
        get { fields[keyPath: field] }
        set { fields[keyPath: field] = newValue }
    }
}

/// An uploaded image to store with a product; the store keeps the upload order.
public struct NewImage: Sendable, Equatable {
    public var bytes: [UInt8]
    /// Detected from the bytes, e.g. `image/png`.
    public var mediaType: String
    /// From the uploaded filename; nil if it had none.
    public var fileExtension: String?
    /// The URL path the original is served at.
    public var originKey: String
    /// The URL path the thumbnail is served at.
    public var thumbnailKey: String

    public init(bytes: [UInt8], mediaType: String, fileExtension: String?, originKey: String, thumbnailKey: String) {
        self.bytes = bytes
        self.mediaType = mediaType
        self.fileExtension = fileExtension
        self.originKey = originKey
        self.thumbnailKey = thumbnailKey
    }
}
