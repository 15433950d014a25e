/// What a handler answers. The server adds Content-Length, Date and the connection headers itself.
public struct Response: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// Sent instead of `body` when set.
    public var sharedBody: SharedBytes?

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public init(status: Int, contentType: String, sharedBody: SharedBytes) {
        self.init(status: status, headers: HTTPHeaders([("Content-Type", contentType)]))
        self.sharedBody = sharedBody
    }

    /// The length of the body that is sent.
    public var bodyCount: Int {
        sharedBody?.count ?? body.count
    }

    public init(status: Int, contentType: String, body: [UInt8]) {
        self.init(status: status, headers: HTTPHeaders([("Content-Type", contentType)]), body: body)
    }
}
