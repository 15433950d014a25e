import MarketStore

/// Where a generation serves an image: the URL path of the original and of its thumbnail, without the leading
/// slash (for example `training-resources/48/20240207/<hex>_origin.png`). The keys are unique, so the same path
/// finds the image again after a restart.
protocol ImageKeyLayout: Sendable {
    /// The first path segment of every image URL of the generation, e.g. `training-resources`.
    var pathPrefixes: [String] { get }

    func keys(for upload: ImageUpload, vendorID: Int64?, registeredAt: Double) -> (origin: String, thumbnail: String)
}

extension ImageKeyLayout {
    /// The uploads as the store takes them, each under the keys this layout gives it.
    func newImages(_ uploads: [ImageUpload], vendorID: Int64?, registeredAt: Double) -> [NewImage] {
        uploads.map { upload in
            let keys = keys(for: upload, vendorID: vendorID, registeredAt: registeredAt)
            return NewImage(
                bytes: upload.bytes, mediaType: upload.mediaType, fileExtension: upload.fileExtension,
                originKey: keys.origin, thumbnailKey: keys.thumbnail)
        }
    }
}
