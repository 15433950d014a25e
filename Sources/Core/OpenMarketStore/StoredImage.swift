/// An image's bytes, as served at its origin or thumbnail URL.
package struct StoredImage: Sendable, Equatable {
    package var bytes: [UInt8]
    package var mediaType: String

    package init(bytes: [UInt8], mediaType: String) {
        self.bytes = bytes
        self.mediaType = mediaType
    }
}
