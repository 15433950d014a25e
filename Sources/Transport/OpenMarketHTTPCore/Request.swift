/// One complete HTTP request as the server received it.
package struct Request: Sendable {
    /// As sent. HEAD requests reach GET routes with this still `.head`.
    package var method: HTTPMethod
    /// The raw path, still percent-encoded, without the query.
    package var path: String
    /// The raw query string after `?`, or "" when there was none.
    package var query: String
    package var headers: HTTPHeaders
    package var body: [UInt8]
    /// As on the request line, e.g. "HTTP/1.1".
    package var version: String
    /// The peer's numeric address ("192.0.2.7", "::1"), "" when the socket could not tell.
    package var clientAddress: String
    /// The scheme the client sent it with, lowercased: "http" over the socket server (it speaks no TLS), the URL's
    /// own in process, where an app's `https://` request never meets TLS. Image URLs start with it.
    package var scheme: String

    package init(
        method: HTTPMethod, path: String, query: String = "", headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
        version: String = "HTTP/1.1", clientAddress: String = "", scheme: String = "http"
    ) {
        self.version = version
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.clientAddress = clientAddress
        self.scheme = scheme
    }

    /// The path's segments as routing sees them: empty ones dropped (`//a/` is `/a`), each percent-decoded.
    package var pathSegments: [String] {
        RequestPath.segments(path)
    }

    /// The target as sent: the raw path, then `?` and the query when there was one.
    package var target: String {
        query.isEmpty ? path : "\(path)?\(query)"
    }

    /// The decoded query parameters (first value wins when a name repeats).
    package var queryParameters: QueryParameters {
        QueryParameters(query)
    }
}
