/// One complete HTTP request as the server received it.
///
/// Its fields live in one copy-on-write box, like `Response`'s: a request passes through the interceptor, the journal
/// and the router, and is kept by the journal, so a copy or a destroy costs one reference count instead of eight.
package struct Request: Sendable {
    private var fields: Fields

    /// As sent. HEAD requests reach GET routes with this still `.head`.
    package var method: HTTPMethod {
        get { fields.method }
        _modify { yield &uniqueFields().method }
    }

    /// The raw path, still percent-encoded, without the query.
    package var path: String {
        get { fields.path }
        _modify { yield &uniqueFields().path }
    }

    /// The raw query string after `?`, or "" when there was none.
    package var query: String {
        get { fields.query }
        _modify { yield &uniqueFields().query }
    }

    package var headers: HTTPHeaders {
        get { fields.headers }
        _modify { yield &uniqueFields().headers }
    }

    package var body: [UInt8] {
        get { fields.body }
        _modify { yield &uniqueFields().body }
    }

    /// As on the request line, e.g. "HTTP/1.1".
    package var version: String {
        get { fields.version }
        _modify { yield &uniqueFields().version }
    }

    /// The peer's numeric address ("192.0.2.7", "::1"), "" when the socket could not tell.
    package var clientAddress: String {
        get { fields.clientAddress }
        _modify { yield &uniqueFields().clientAddress }
    }

    /// The scheme the client sent it with, lowercased: "http" over the socket server (it speaks no TLS), the URL's
    /// own in process, where an app's `https://` request never meets TLS. Image URLs start with it.
    package var scheme: String {
        get { fields.scheme }
        _modify { yield &uniqueFields().scheme }
    }

    package init(
        method: HTTPMethod, path: String, query: String = "", headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
        version: String = "HTTP/1.1", clientAddress: String = "", scheme: String = "http"
    ) {
        fields = Fields(
            method: method, path: path, query: query, headers: headers, body: body, version: version,
            clientAddress: clientAddress, scheme: scheme)
    }

    /// The box, copied first when another request shares it: a change to one request never shows in another.
    private mutating func uniqueFields() -> Fields {
        if !isKnownUniquelyReferenced(&fields) { fields = Fields(copying: fields) }
        return fields
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

extension Request {
    /// Unchecked Sendable, and no runtime exclusivity check on the fields: as `Response.Fields`.
    fileprivate final class Fields: @unchecked Sendable {
        @exclusivity(unchecked) var method: HTTPMethod
        @exclusivity(unchecked) var path: String
        @exclusivity(unchecked) var query: String
        @exclusivity(unchecked) var headers: HTTPHeaders
        @exclusivity(unchecked) var body: [UInt8]
        @exclusivity(unchecked) var version: String
        @exclusivity(unchecked) var clientAddress: String
        @exclusivity(unchecked) var scheme: String

        init(
            method: HTTPMethod, path: String, query: String, headers: HTTPHeaders, body: [UInt8], version: String,
            clientAddress: String, scheme: String
        ) {
            self.method = method
            self.path = path
            self.query = query
            self.headers = headers
            self.body = body
            self.version = version
            self.clientAddress = clientAddress
            self.scheme = scheme
        }

        convenience init(copying other: Fields) {
            self.init(
                method: other.method, path: other.path, query: other.query, headers: other.headers, body: other.body,
                version: other.version, clientAddress: other.clientAddress, scheme: other.scheme)
        }
    }
}
