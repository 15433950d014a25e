/// One complete HTTP request as the server received it.
///
/// Its fields live in one copy-on-write box, like `Response`'s: a request passes through the interceptor, the journal
/// and the router, and is kept by the journal, so a copy or a destroy costs one reference count instead of eight.
package struct Request: Sendable {
    private var box: CopyOnWriteBox<Fields>

    /// As sent. HEAD requests reach GET routes with this still `.head`.
    package var method: HTTPMethod {
        get { box.value.method }
        _modify { yield &fields.method }
    }

    /// The raw path, still percent-encoded, without the query.
    package var path: String {
        get { box.value.path }
        _modify { yield &fields.path }
    }

    /// The raw query string after `?`, or "" when there was none.
    package var query: String {
        get { box.value.query }
        _modify { yield &fields.query }
    }

    package var headers: HTTPHeaders {
        get { box.value.headers }
        _modify { yield &fields.headers }
    }

    package var body: [UInt8] {
        get { box.value.body }
        _modify { yield &fields.body }
    }

    /// As on the request line, e.g. "HTTP/1.1".
    package var version: String {
        get { box.value.version }
        _modify { yield &fields.version }
    }

    /// The peer's numeric address ("192.0.2.7", "::1"), "" when the socket could not tell.
    package var clientAddress: String {
        get { box.value.clientAddress }
        _modify { yield &fields.clientAddress }
    }

    /// The scheme the client sent it with, lowercased: "http" over the socket server (it speaks no TLS), the URL's
    /// own in process, where an app's `https://` request never meets TLS. Image URLs start with it.
    package var scheme: String {
        get { box.value.scheme }
        _modify { yield &fields.scheme }
    }

    package init(
        method: HTTPMethod, path: String, query: String = "", headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
        version: String = "HTTP/1.1", clientAddress: String = "", scheme: String = "http"
    ) {
        box = CopyOnWriteBox(
            Fields(
                method: method, path: path, query: query, headers: headers, body: body, version: version,
                clientAddress: clientAddress, scheme: scheme))
    }

    /// The fields, for a change: the box is copied first when another request shares it.
    private var fields: Fields {
        get { box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = CopyOnWriteBox(box.value) }
            yield &box.value
        }
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
    private struct Fields: Sendable {
        var method: HTTPMethod
        var path: String
        var query: String
        var headers: HTTPHeaders
        var body: [UInt8]
        var version: String
        var clientAddress: String
        var scheme: String
    }
}
