import OpenMarketStore
import OpenMarketWireFormat

extension ImageKeyLayout {
    /// The uploads as the store takes them, each under the keys this layout gives it.
    func newImages(_ uploads: [ImageUpload], vendorID: Int64?, registeredAt: Double) -> [NewImage] {
        uploads.map { upload in
            let keys = keys(ids: UploadImageIDs(), vendorID: vendorID, registeredAt: registeredAt, fileExtension: upload.fileExtension)
            return NewImage(
                bytes: upload.bytes, mediaType: upload.mediaType, fileExtension: upload.fileExtension,
                originKey: keys.origin, thumbnailKey: keys.thumbnail)
        }
    }
}
