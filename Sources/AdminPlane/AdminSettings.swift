import Multipart

/// How the admin plane behaves, decided once at startup (`--admin-token`, `--journal`).
public struct AdminSettings: Sendable {
    /// Lets peers other than this machine in when they send `Authorization: Bearer <token>`; nil keeps them out.
    public var token: String?
    /// How many API requests the journal keeps; 0 keeps none.
    public var journalCapacity: Int
    /// How the generation reads a multipart body, so the journal explains a body as the API read it.
    public var multipartEnding: MultipartEnding

    public init(token: String? = nil, journalCapacity: Int = 1000, multipartEnding: MultipartEnding = .closeDelimiter) {
        self.token = token
        self.journalCapacity = journalCapacity
        self.multipartEnding = multipartEnding
    }
}
