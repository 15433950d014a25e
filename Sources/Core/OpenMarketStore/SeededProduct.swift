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
    /// With `sharedPicture`, its bytes are not stored again: only their count is read.
    package var image: NewImage
    /// The index of the `SeedRows.sharedPictures` entry that holds its bytes; nil: its own bytes.
    package var sharedPicture: Int?

    package init(id: Int64, image: NewImage, sharedPicture: Int? = nil) {
        self.id = id
        self.image = image
        self.sharedPicture = sharedPicture
    }
}

/// Seed rows as the store writes them, one by one, so that a million need not be in memory at once: `row(i)` for
/// `i` in `0..<count` is the i-th, the same on every call. Pictures many rows show are given once, in
/// `sharedPictures`, and stored once.
package struct SeedRows: Sendable {
    package let count: Int
    package let sharedPictures: [[UInt8]]
    package let row: @Sendable (Int) -> SeededProduct

    package init(count: Int, sharedPictures: [[UInt8]], row: @escaping @Sendable (Int) -> SeededProduct) {
        self.count = count
        self.sharedPictures = sharedPictures
        self.row = row
    }

    /// Rows already made, each image with its own bytes.
    package init(_ rows: [SeededProduct]) {
        self.init(count: rows.count, sharedPictures: []) { rows[$0] }
    }
}
