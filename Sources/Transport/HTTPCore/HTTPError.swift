/// An error a handler throws to answer with a status and a message. The API generation decides how it looks
/// on the wire (for example `{"code":400,"message":"..."}`), so every error of one server looks the same.
public struct HTTPError: HTTPResponseError, Equatable {
    public var status: HTTPStatus
    public var message: String
    /// Extra response headers, such as `Allow` on a 405.
    public var headers: HTTPHeaders

    public init(status: HTTPStatus, message: String, headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    /// Any response error as the plain value the generation's renderer writes.
    public init(_ error: some HTTPResponseError) {
        self.init(status: error.status, message: error.message, headers: error.headers)
    }
}

/// Turns an error into the response body the active API generation uses.
public typealias ErrorRenderer = @Sendable (HTTPError) -> Response
