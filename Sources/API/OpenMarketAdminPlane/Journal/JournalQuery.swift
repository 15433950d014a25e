import OpenMarketHTTPCore

/// `GET /__admin/requests?limit=&before=&after=&method=&path=&status=`: which entries to list. Every parameter is
/// checked, so a typo is a 400 that says what is accepted rather than a silently unfiltered list.
struct JournalQuery {
    static let defaultLimit = 100
    static let maxLimit = 10_000
    private static let names = ["limit", "before", "after", "method", "path", "status"]

    var limit = defaultLimit
    /// Only entries with a smaller id: the next page after a page whose last id was this.
    var before: Int?
    /// Only entries with a larger id: what arrived since a list whose newest id was this (0: everything).
    var after: Int?
    var method: String?
    /// Segments the entry's path starts with: `/api/products` also matches `/api/products/7`.
    var pathSegments: [String]?
    var status: StatusFilter?

    enum StatusFilter: Equatable {
        case exactly(Int)
        /// `4xx`: every status of the class.
        case inClass(Int)

        func matches(_ code: Int) -> Bool {
            switch self {
            case .exactly(let expected): code == expected
            case .inClass(let hundreds): code / 100 == hundreds
            }
        }
    }

    init(_ query: String) throws(AdminError) {
        let parameters = QueryParameters(query)
        for (name, _) in parameters.all where !Self.names.contains(name) {
            throw .badRequest("unknown parameter \"\(name)\"; the journal is filtered by \(Self.names.joined(separator: ", "))")
        }
        if let text = parameters["limit"] {
            guard let value = Int(text), (1...Self.maxLimit).contains(value) else {
                throw .badRequest("limit must be a whole number from 1 to \(Self.maxLimit); got \"\(text)\"")
            }
            limit = value
        }
        if let text = parameters["before"] {
            guard let value = Int(text), value >= 1 else {
                throw .badRequest("before must be a request id (a whole number from 1); got \"\(text)\"")
            }
            before = value
        }
        if let text = parameters["after"] {
            guard let value = Int(text), value >= 0 else {
                throw .badRequest("after must be a request id (a whole number from 0), e.g. the latestId of the last list; got \"\(text)\"")
            }
            after = value
        }
        if let text = parameters["method"] {
            guard !text.isEmpty, text.utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw .badRequest("method must be an HTTP method such as GET or POST; got \"\(text)\"")
            }
            method = text.uppercased()
        }
        if let text = parameters["path"] {
            guard text.hasPrefix("/") else {
                throw .badRequest("path must start with /, e.g. /api/products; got \"\(text)\"")
            }
            pathSegments = Request(method: .get, path: text).pathSegments
        }
        if let text = parameters["status"] {
            status = try Self.statusFilter(text)
        }
    }

    private static func statusFilter(_ text: String) throws(AdminError) -> StatusFilter {
        let lowered = text.lowercased()
        if lowered.count == 3, lowered.hasSuffix("xx"), let hundreds = Int(lowered.prefix(1)), (1...5).contains(hundreds) {
            return .inClass(hundreds)
        }
        guard let code = Int(text), (100...599).contains(code) else {
            throw .badRequest("status must be a status code such as 404, or a class such as 4xx; got \"\(text)\"")
        }
        return .exactly(code)
    }

    func matches(_ entry: JournalEntry) -> Bool {
        if let before, entry.id >= before { return false }
        if let after, entry.id <= after { return false }
        if let method, entry.request.method.rawValue.uppercased() != method { return false }
        if let status, !status.matches(entry.status.code) { return false }
        if let pathSegments, !entry.request.pathSegments.starts(with: pathSegments) { return false }
        return true
    }
}
