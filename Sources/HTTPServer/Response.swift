/// What a handler answers. The server adds Content-Length, Date and the connection headers itself.
public struct Response: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// Why the request failed, as the client was told, when an error was rendered; the access log writes it.
    public var errorMessage: String?
    /// Sent instead of `body` when set.
    public var sharedBody: SharedBytes?

    public init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public init(status: HTTPStatus, contentType: String, sharedBody: SharedBytes) {
        self.init(status: status, headers: HTTPHeaders([("Content-Type", contentType)]))
        self.sharedBody = sharedBody
    }

    /// The length of the body that is sent.
    public var bodyCount: Int {
        sharedBody?.count ?? body.count
    }

    public init(status: HTTPStatus, contentType: String, body: [UInt8]) {
        self.init(status: status, headers: HTTPHeaders([("Content-Type", contentType)]), body: body)
    }
}
