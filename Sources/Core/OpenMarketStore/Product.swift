/// A stored product with its images' metadata (never their bytes); `product.name` and the other seller-given
/// fields read through to `fields`.
package struct Product: Sendable, Equatable {
    package var id: Int64
    package var vendorID: Int64?
    /// The vendor's current name; nil on v1.
    package var vendorName: String?
    package var vendorCreatedAt: Double?
    package var fields: ProductFields
    /// Unix seconds with fraction.
    package var registeredAt: Double
    /// The chosen thumbnail, or the first image if none was chosen; nil only without images.
    package var thumbnailImageID: Int64?
    package var password: String?
    package var productSecret: String?
    /// In upload order.
    package var images: [ImageRecord]

    package init(
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

    package var thumbnail: ImageRecord? {
        images.first { $0.id == thumbnailImageID }
    }
}

/// Each seller-given field by name, not through a dynamic member's key path: every list and detail reads them for
/// every product, and a key path resolved at run time (generic code no other module specializes) was a fifth of a
/// list page's JSON.
extension Product {
    package var name: String { fields.name }

    package var description: String { fields.description }

    package var price: Double { fields.price }

    package var currency: String { fields.currency }

    package var discountedPrice: Double? { fields.discountedPrice }

    package var stock: Int64 { fields.stock }
}

/// A stored image's metadata.
package struct ImageRecord: Sendable, Equatable {
    /// Global, increasing in upload order, never reused.
    package var id: Int64
    /// Upload order within the product, from 0.
    package var position: Int
    package var mediaType: String
    package var fileExtension: String?
    package var originKey: String
    package var thumbnailKey: String
    package var byteCount: Int

    package init(
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
