import OpenMarketHTTPCore

/// One fault as `POST /__admin/faults` set it: which requests it catches and what it does to them.
struct Fault: Sendable {
    enum Action: String, Sendable, CaseIterable {
        /// Answers with `status`, `body` and `headers` instead of the API; without `status`, the API's answer.
        case respond
        case drop
        case reset
        case truncate

        var delivery: Delivery {
            switch self {
            case .respond: .send
            case .drop: .drop
            case .reset: .reset
            case .truncate: .truncate
            }
        }
    }

    var id = 0
    /// Upper-case; nil catches every method.
    var method: String?
    var path: FaultPath
    var action: Action
    var status: HTTPStatus?
    var body: String?
    var headers = HTTPHeaders()
    var delay = Duration.zero
    /// How many more requests it catches; nil: every one, until deleted.
    var remaining: Int?
    /// The chance it applies to a request it matches; nil: always.
    var probability: Double?

    func matches(_ request: Request) -> Bool {
        (method.map { $0 == request.method.rawValue.uppercased() } ?? true) && path.matches(request.pathSegments)
    }

    /// The fault's own answer, when it replaces the API's.
    var cannedResponse: Response? {
        guard action == .respond, let status else { return nil }
        var headers = headers
        if body != nil, headers["Content-Type"] == nil {
            headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        }
        return Response(status: status, headers: headers, body: Array((body ?? "").utf8))
    }

    /// What it did, for the request journal.
    var journalNote: String {
        let delayed = delay > .zero ? " after \(delay.milliseconds) ms" : ""
        let replaced = cannedResponse != nil ? " (its own answer)" : ""
        return "fault \(id): \(action.rawValue)\(replaced)\(delayed)"
    }
}

extension Duration {
    var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
