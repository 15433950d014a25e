package import OpenMarketStore

extension SeedCatalogue {
    /// The products as the store writes them. Missing ids continue after the largest id so far (products and
    /// images alike; image ids from `firstImageID` at least, a store's next free one), missing times take `now`,
    /// missing image keys and v2a secrets are derived from the id, and a v1 product without a password takes its
    /// vendor's secret. `vendorIDs` maps identifiers to stored vendors.
    package func storeRows(
        vendorIDs: [String: Int64], generation: SeedGeneration, now: Double, firstImageID: Int64 = 1
    ) -> [SeededProduct] {
        let secrets = Dictionary(vendors.map { ($0.identifier, $0.secret) }) { first, _ in first }
        var nextProductID = (products.compactMap(\.id).max() ?? 0) + 1
        var nextImageID = max(firstImageID, (products.flatMap { $0.images.compactMap(\.id) }.max() ?? 0) + 1)
        return products.map { seed in
            let id = seed.id ?? nextProductID
            nextProductID = max(nextProductID, id + 1)
            let vendorID = seed.vendor.flatMap { vendorIDs[$0] }
            let registeredAt = seed.registeredAt ?? now
            let images = seed.images.enumerated().map { position, image in
                let imageID = image.id ?? nextImageID
                nextImageID = max(nextImageID, imageID + 1)
                let imageKeys = image.keys ?? generation.keys(
                    productID: id, position: position, vendorID: vendorID, registeredAt: registeredAt,
                    fileExtension: image.fileExtension)
                return SeededImage(id: imageID, image: NewImage(
                    bytes: image.bytes, mediaType: image.mediaType, fileExtension: image.fileExtension,
                    originKey: imageKeys.origin, thumbnailKey: imageKeys.thumbnail))
            }
            let product = NewProduct(
                vendorID: vendorID, fields: seed.fields, registeredAt: registeredAt,
                password: seed.password ?? seed.vendor.flatMap { secrets[$0] },
                productSecret: seed.secret ?? SeedGeneration.secret(productID: id))
            return SeededProduct(id: id, product: product, images: images, thumbnailImageID: seed.thumbnailImageID)
        }
    }
}
