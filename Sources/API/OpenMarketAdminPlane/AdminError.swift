import OpenMarketHTTPCore
import OpenMarketWireFormat

/// An admin request refused: the status and what to do about it, sent as `{"error": "..."}`.
struct AdminError: HTTPResponseError {
    let status: HTTPStatus
    let message: String
    /// Such as `WWW-Authenticate` on a 401.
    let headers: HTTPHeaders

    init(_ status: HTTPStatus, _ message: String, headers: HTTPHeaders = HTTPHeaders()) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    static func badRequest(_ message: String) -> AdminError {
        AdminError(.badRequest, message)
    }

    /// Every admin error, the router's own 404 and 405 included, in the admin API's one error shape.
    @Sendable static func render(_ error: HTTPError) -> Response {
        AdminJSON.response(status: error.status) { json in
            json.object { $0.field("error", error.message) }
        }
    }
}
