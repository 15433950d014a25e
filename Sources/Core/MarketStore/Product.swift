/// A stored product with its images' metadata (never their bytes); `product.name` and the other seller-given
/// fields read through to `fields`.
@dynamicMemberLookup
public struct Product: Sendable, Equatable {
    public var id: Int64
    public var vendorID: Int64?
    /// The vendor's current name; nil on v1.
    public var vendorName: String?
    public var vendorCreatedAt: Double?
    public var fields: ProductFields
    /// Unix seconds with fraction.
    public var registeredAt: Double
    /// The chosen thumbnail, or the first image if none was chosen; nil only without images.
    public var thumbnailImageID: Int64?
    public var password: String?
    public var productSecret: String?
    /// In upload order.
    public var images: [ImageRecord]

    public init(
        id: Int64, vendorID: Int64?, vendorName: String?, vendorCreatedAt: Double?, fields: ProductFields,
        registeredAt: Double, thumbnailImageID: Int64?, password: String?, productSecret: String?,
        images: [ImageRecord]
    ) {
        self.id = id
        self.vendorID = vendorID
        self.vendorName = vendorName
        self.vendorCreatedAt = vendorCreatedAt
        self.fields = fields
        self.registeredAt = registeredAt
        self.thumbnailImageID = thumbnailImageID
        self.password = password
        self.productSecret = productSecret
        self.images = images
    }

    public var thumbnail: ImageRecord? {
        images.first { $0.id == thumbnailImageID }
    }

    public subscript<Value>(dynamicMember field: WritableKeyPath<ProductFields, Value>) -> Value {
        get { fields[keyPath: field] }
        set { fields[keyPath: field] = newValue }
    }
}

/// A stored image's metadata.
public struct ImageRecord: Sendable, Equatable {
    /// Global, increasing in upload order, never reused.
    public var id: Int64
    /// Upload order within the product, from 0.
    public var position: Int
    public var mediaType: String
    public var fileExtension: String?
    public var originKey: String
    public var thumbnailKey: String
    public var byteCount: Int

    public init(
        id: Int64, position: Int, mediaType: String, fileExtension: String?, originKey: String,
        thumbnailKey: String, byteCount: Int
    ) {
        self.id = id
        self.position = position
        self.mediaType = mediaType
        self.fileExtension = fileExtension
        self.originKey = originKey
        self.thumbnailKey = thumbnailKey
        self.byteCount = byteCount
    }
}
