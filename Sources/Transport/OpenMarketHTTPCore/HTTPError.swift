/// An error a handler throws to answer with a status and a message. The API generation decides how it looks
/// on the wire (for example `{"code":400,"message":"..."}`), so every error of one server looks the same.
package struct HTTPError: HTTPResponseError, Equatable {
    package var status: HTTPStatus
    package var message: String
    /// Extra response headers, such as `Allow` on a 405.
    package var headers: HTTPHeaders
    package var kind: String?

    package init(status: HTTPStatus, message: String, headers: HTTPHeaders = HTTPHeaders(), kind: String? = nil) {
        self.status = status
        self.message = message
        self.headers = headers
        self.kind = kind
    }

    /// Any response error as the plain value the generation's renderer writes.
    package init(_ error: some HTTPResponseError) {
        self.init(status: error.status, message: error.message, headers: error.headers, kind: error.kind)
    }
}

/// Turns an error into the response body the active API generation uses.
package typealias ErrorRenderer = @Sendable (HTTPError) -> Response
