/// An error a handler throws to answer with a status and a message. The API generation decides how it looks
/// on the wire (for example `{"code":400,"message":"..."}`), so every error of one server looks the same.
public struct HTTPError: Error, Sendable, Equatable {
    public var status: Int
    public var message: String
    /// Extra response headers, such as `Allow` on a 405.
    public var headers: HTTPHeaders

    public init(status: Int, message: String, headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.message = message
        self.headers = headers
    }
}

/// Turns an error into the response body the active API generation uses.
public typealias ErrorRenderer = @Sendable (HTTPError) -> Response

/// The answer to an error from below HTTP (the store, say) that the client can act on; nil when there is none.
public typealias ErrorClassifier = @Sendable (any Error) -> HTTPError?
