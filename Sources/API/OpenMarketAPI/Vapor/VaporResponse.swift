import OpenMarketHTTPCore

enum VaporResponse {
    /// Vapor's `HTTPMediaType.json`, charset included, on every v1 JSON answer.
    static func json(status: HTTPStatus = .ok, _ body: [UInt8]) -> Response {
        Response(status: status, contentType: "application/json; charset=utf-8", body: body)
    }
}
