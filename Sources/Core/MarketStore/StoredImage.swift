/// An image's bytes, as served at its origin or thumbnail URL.
public struct StoredImage: Sendable, Equatable {
    public var bytes: [UInt8]
    public var mediaType: String

    public init(bytes: [UInt8], mediaType: String) {
        self.bytes = bytes
        self.mediaType = mediaType
    }
}
