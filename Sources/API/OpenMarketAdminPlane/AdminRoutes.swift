import OpenMarketAPI
import OpenMarketCatalogue
import OpenMarketHTTPCore
import OpenMarketMultipart
import OpenMarketStore

/// The admin API's routes, on a router of its own whose errors (its 404 and 405 too) are admin errors.
struct AdminRoutes {
    let generation: String
    let started: ContinuousClock.Instant
    let store: MarketStore
    let journal: RequestJournal
    let reset: StateReset
    let faults: FaultBook
    let snapshots: SnapshotShelf
    let pace: NetworkPace
    let explainingServer: ExplainingServer
    let insert: InsertProducts?
    /// nil unless the server serves a class.
    let classBook: ClassBook?
    let openAPIDocument: @Sendable (OpenAPIFormat, Request) throws -> Response

    func makeRouter() -> Router {
        var router = Router(renderError: AdminError.render)
        for format in OpenAPIFormat.allCases {
            router.on(.get, "/__admin/openapi.\(format.rawValue)") { request, _ in
                try Self.refuseParameters(request)
                return try openAPIDocument(format, request)
            }
        }
        router.on(.get, "/__admin/health") { request, _ in
            try Self.refuseParameters(request)
            return health().response
        }
        router.on(.post, "/__admin/reset") { request, _ in
            try Self.refuseParameters(request)
            try Self.refuseBody(request)
            try reset.run()
            return health().response
        }
        router.on(.get, "/__admin/requests") { request, _ in
            let query = try JournalQuery(request.query)
            if let asked = request.headers["If-None-Match"], asked == journal.version().entityTag {
                return Self.notModified(entityTag: asked)
            }
            let snapshot = journal.snapshot()
            let matching = snapshot.entries.filter(query.matches)
            var response = JournalJSON.list(Array(matching.prefix(query.limit)), total: matching.count, version: snapshot.version)
            response.headers.add(name: "ETag", value: snapshot.version.entityTag)
            return response
        }
        router.on(.delete, "/__admin/requests") { request, _ in
            try Self.refuseParameters(request)
            journal.clear()
            return Response(status: .noContent)
        }
        router.on(.get, "/__admin/requests.har") { request, _ in
            try Self.refuseParameters(request)
            return HARDocument.response(journal.entries())
        }
        router.on(.get, "/__admin/requests/{id}") { request, parameters in
            try Self.refuseParameters(request)
            return JournalJSON.detail(try entry(parameters), server: explainingServer)
        }
        router.on(.get, "/__admin/requests/{id}/request-body") { request, parameters in
            try Self.refuseParameters(request)
            let entry = try entry(parameters)
            return Self.raw(entry.requestBody, contentType: entry.request.headers["Content-Type"])
        }
        router.on(.get, "/__admin/requests/{id}/response-body") { request, parameters in
            try Self.refuseParameters(request)
            let entry = try entry(parameters)
            return Self.raw(entry.responseBody, contentType: entry.responseHeaders["Content-Type"])
        }
        addFaultRoutes(to: &router)
        addNetworkRoutes(to: &router)
        addPageRoutes(to: &router)
        addProductRoutes(to: &router)
        addSnapshotRoutes(to: &router)
        addClassRoutes(to: &router)
        return router
    }

    func health() -> HealthReport {
        HealthReport(
            generation: generation, uptimeSeconds: Self.seconds(ContinuousClock.now - started), store: store.health(),
            journalCapacity: journal.capacity, journalEntries: journal.count, activeFaults: faults.count)
    }

    private func entry(_ parameters: RouteParameters) throws(AdminError) -> JournalEntry {
        let text = parameters["id"] ?? ""
        guard let id = Int(text), id >= 1 else {
            throw .badRequest("a request id is a whole number from 1, as listed by GET /__admin/requests; got \"\(text)\"")
        }
        guard let entry = journal.entry(id: id) else {
            let why = journal.isEnabled
                ? "it is not (or no longer) in the journal, which keeps the last \(journal.capacity) requests"
                : "the journal is off (--journal 0); start the server with --journal N to keep requests"
            throw AdminError(.notFound, "no request \(id): \(why); GET /__admin/requests lists those kept")
        }
        return entry
    }

    /// The bytes as kept; a header says when they are only the first part of the body.
    private static func raw(_ body: KeptBody, contentType: String?) -> Response {
        var response = Response(
            status: .ok, contentType: contentType ?? "application/octet-stream", body: body.bytes)
        if body.isTruncated {
            response.headers.add(name: "X-OpenMarket-Truncated", value: "kept \(body.bytes.count) of \(body.originalSize) bytes")
        }
        return response
    }

    /// A poll that finds the journal as it was: no body to build or send.
    private static func notModified(entityTag: String) -> Response {
        var response = Response(status: HTTPStatus(code: 304, reasonPhrase: "Not Modified"))
        response.headers.add(name: "ETag", value: entityTag)
        return response
    }

    static func refuseParameters(_ request: Request) throws(AdminError) {
        guard request.query.isEmpty else {
            throw .badRequest("\(request.method) \(request.path) takes no query parameters; remove ?\(request.query)")
        }
    }

    /// A reset or a restore takes no options; a body with some is refused rather than ignored.
    static func refuseBody(_ request: Request) throws(AdminError) {
        let text = String(decoding: request.body, as: UTF8.self).filter { !$0.isWhitespace }
        guard text.isEmpty || text == "{}" else {
            throw .badRequest("\(request.method) \(request.path) takes no body (or {}); send it empty")
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
