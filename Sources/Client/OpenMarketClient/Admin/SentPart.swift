public import Foundation

/// One part of a multipart body an app sent, cut out of the body by the byte ranges the server read.
public struct SentPart: Sendable, Hashable {
    /// The `name` of its Content-Disposition, e.g. `params` or `images`.
    public let name: String
    public let filename: String?
    /// As its Content-Type header declares it; `nil` without one.
    public let contentType: String?
    /// What its bytes are, whatever it declares: `image/png`, `image/jpeg`, `image/gif`, `image/webp`, `image/heic`,
    /// or `nil` for anything else.
    public let detectedType: String?
    /// Its content, without the part's headers and the line break before the next delimiter.
    public let data: Data

    /// Creates a part, e.g. for tests of code that reads one.
    public init(name: String, filename: String? = nil, contentType: String? = nil, data: Data) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.data = data
        detectedType = ImageSignature.mediaType(of: data)
    }

    /// Its content as text, when it is UTF-8.
    public var text: String? {
        String(data: data, encoding: .utf8)
    }

    /// Its content decoded as JSON, e.g. the product a `params` part carries.
    public func decode<T: Decodable>(_ type: T.Type, using decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try decoder.decode(type, from: data)
    }
}
