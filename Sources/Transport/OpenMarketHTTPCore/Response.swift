/// What a handler answers. The server adds Content-Length, Date and the connection headers itself.
package struct Response: Sendable {
    package var status: HTTPStatus { didSet { reuse = nil } }
    package var headers: HTTPHeaders { didSet { reuse = nil } }
    package var body: [UInt8] { didSet { reuse = nil } }
    /// Why the request failed, as the client was told, when an error was rendered; the access log writes it.
    package var errorMessage: String?
    /// The rendered error's `HTTPResponseError.kind`, when it names one.
    package var errorKind: String?
    /// Sent instead of `body` when set.
    package var sharedBody: SharedBytes? { didSet { reuse = nil } }
    /// Set on a response sent many times unchanged (one a cache keeps), where a transport keeps what it made of it
    /// for the first send. A change to what goes on the wire (status, headers, body) drops it.
    package var reuse: ResponseReuse?
    /// How the answer is sent; a fault may break it.
    package var delivery = Delivery.send
    /// How long the server waits before sending it, without holding a thread meanwhile.
    package var delay = Duration.zero
    /// What fault injection did to this answer ("fault 3: drop"), for the request journal; nil when nothing.
    package var faultNote: String?

    package init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    package init(status: HTTPStatus, contentType: String, sharedBody: SharedBytes) {
        self.init(status: status, headers: HTTPHeaders([("Content-Type", contentType)]))
        self.sharedBody = sharedBody
    }

    /// The length of the body that is sent.
    package var bodyCount: Int {
        sharedBody?.count ?? body.count
    }

    package init(status: HTTPStatus, contentType: String, body: [UInt8]) {
        self.init(status: status, headers: HTTPHeaders([("Content-Type", contentType)]), body: body)
    }
}
