/// A product written with the id, time and image ids it already has: seed data, or a fixture exported from
/// another store.
public struct SeededProduct: Sendable, Equatable {
    public var id: Int64
    public var product: NewProduct
    public var images: [SeededImage]
    /// nil shows the first image.
    public var thumbnailImageID: Int64?

    public init(id: Int64, product: NewProduct, images: [SeededImage], thumbnailImageID: Int64?) {
        self.id = id
        self.product = product
        self.images = images
        self.thumbnailImageID = thumbnailImageID
    }
}

public struct SeededImage: Sendable, Equatable {
    public var id: Int64
    public var image: NewImage

    public init(id: Int64, image: NewImage) {
        self.id = id
        self.image = image
    }
}
