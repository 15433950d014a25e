public import Foundation

/// An image file to upload with ``NewProduct``.
public struct ImageUpload: Sendable, Hashable {
    /// The file's bytes (JPEG, PNG, GIF or WebP).
    public var data: Data
    /// The file name; the server keeps its extension in the stored image's URL.
    public var filename: String
    /// The media type sent for the part, e.g. `image/jpeg`.
    public var mediaType: String

    /// Creates an upload from a file's bytes, name and media type.
    public init(data: Data, filename: String, mediaType: String) {
        self.data = data
        self.filename = filename
        self.mediaType = mediaType
    }
}
