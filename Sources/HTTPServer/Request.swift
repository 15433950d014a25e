/// One complete HTTP request as the server received it.
public struct Request: Sendable {
    /// As sent. HEAD requests reach GET routes with this still `.head`.
    public var method: HTTPMethod
    /// The raw path, still percent-encoded, without the query.
    public var path: String
    /// The raw query string after `?`, or "" when there was none.
    public var query: String
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(method: HTTPMethod, path: String, query: String = "", headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The decoded query parameters (first value wins when a name repeats).
    public var queryParameters: QueryParameters {
        QueryParameters(query)
    }
}
