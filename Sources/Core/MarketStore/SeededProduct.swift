/// A product written with the id, time and image ids it already has: seed data, or a fixture exported from
/// another store.
package struct SeededProduct: Sendable, Equatable {
    package var id: Int64
    package var product: NewProduct
    package var images: [SeededImage]
    /// nil shows the first image.
    package var thumbnailImageID: Int64?

    package init(id: Int64, product: NewProduct, images: [SeededImage], thumbnailImageID: Int64?) {
        self.id = id
        self.product = product
        self.images = images
        self.thumbnailImageID = thumbnailImageID
    }
}

package struct SeededImage: Sendable, Equatable {
    package var id: Int64
    package var image: NewImage

    package init(id: Int64, image: NewImage) {
        self.id = id
        self.image = image
    }
}
