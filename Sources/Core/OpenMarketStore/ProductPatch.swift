/// The changes of a PATCH: nil leaves a field as it is.
package struct ProductPatch: Sendable, Equatable {
    package var name: String?
    package var description: String?
    package var price: Double?
    package var currency: String?
    package var discountedPrice: Double?
    package var stock: Int64?
    /// Must be one of the product's images (after any replacement).
    package var thumbnailImageID: Int64?
    /// Replaces all images (v1 PATCH with image parts); the thumbnail then falls back to the first new image.
    package var replacementImages: [NewImage]?

    package init(
        name: String? = nil, description: String? = nil, price: Double? = nil, currency: String? = nil,
        discountedPrice: Double? = nil, stock: Int64? = nil, thumbnailImageID: Int64? = nil,
        replacementImages: [NewImage]? = nil
    ) {
        self.name = name
        self.description = description
        self.price = price
        self.currency = currency
        self.discountedPrice = discountedPrice
        self.stock = stock
        self.thumbnailImageID = thumbnailImageID
        self.replacementImages = replacementImages
    }
}
