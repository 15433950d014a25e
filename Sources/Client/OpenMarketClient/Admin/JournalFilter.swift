/// Which journal entries `GET /__admin/requests` lists; every filter left `nil` lets all entries through.
public struct JournalFilter: Sendable, Hashable {
    /// At most this many entries (the server's default is 100).
    public var limit: Int?
    /// Only entries with a smaller id: the next page after a page whose last entry had this id.
    public var before: Int?
    /// Only this HTTP method, e.g. `"POST"`.
    public var method: String?
    /// Only paths that start with these segments: `/api/products` also matches `/api/products/7`.
    public var path: String?
    public var status: StatusFilter?

    /// A status code, or a whole class of them.
    public enum StatusFilter: Sendable, Hashable {
        /// Exactly this status, e.g. `404`.
        case code(Int)
        /// Every status of a class: `4` for 4xx.
        case hundreds(Int)

        var parameter: String {
            switch self {
            case .code(let code): String(code)
            case .hundreds(let hundreds): "\(hundreds)xx"
            }
        }
    }

    /// Creates a filter.
    public init(limit: Int? = nil, before: Int? = nil, method: String? = nil, path: String? = nil, status: StatusFilter? = nil) {
        self.limit = limit
        self.before = before
        self.method = method
        self.path = path
        self.status = status
    }

    var queryItems: [(name: String, value: String)] {
        let items: [(String, String?)] = [
            ("limit", limit.map(String.init)), ("before", before.map(String.init)), ("method", method), ("path", path),
            ("status", status?.parameter),
        ]
        return items.compactMap { name, value in value.map { (name: name, value: $0) } }
    }
}
