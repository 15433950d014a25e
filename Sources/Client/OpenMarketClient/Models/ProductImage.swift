public import Foundation

/// One image of a product, from a ``ProductDetail``.
///
/// v2a servers also sent `succeed`; it is ignored.
public struct ProductImage: Sendable, Hashable, Codable {
    /// The image id, unique on the server; pass it as ``ProductChanges/thumbnailID``.
    public let id: Int
    /// The URL of the image as uploaded.
    public let url: URL
    /// The URL of the thumbnail.
    public let thumbnailURL: URL
    /// When the image was stored (the server keeps the day only).
    public let issuedAt: ServerDateTime

    /// Creates an image value, e.g. for previews and tests.
    public init(id: Int, url: URL, thumbnailURL: URL, issuedAt: ServerDateTime) {
        self.id = id
        self.url = url
        self.thumbnailURL = thumbnailURL
        self.issuedAt = issuedAt
    }

    private enum CodingKeys: String, CodingKey {
        case id
        case url
        case thumbnailURL = "thumbnail_url"
        case issuedAt = "issued_at"
    }
}
