import OpenMarketHTTPCore
import OpenMarketLocking
import OpenMarketMultipart
import OpenMarketStore
import OpenMarketWireFormat

/// A team's own view, `/__admin/me`: for a student signed in with the team's identifier and secret (HTTP Basic),
/// whatever machine they are on and without the admin token. Everything it answers is the signed-in team's own:
/// its recent requests (looked up in its own ring, so an id of another team's request is simply not there), its
/// products, its reset.
struct StudentRoutes {
    let book: ClassBook
    let store: MarketStore
    let usesVendors: Bool
    let explainingServer: ExplainingServer
    /// The admin plane's reset gate: a team's reset holds it alone, as the server's reset does, so no API request
    /// is half way through the team's products while they go.
    let gate: ReadWriteLock

    /// The team's products listed at most.
    static let productLimit = 100

    static let assets = [
        AdminPage.Asset(path: "/__admin/me/page.css", fileName: "page.css", contentType: "text/css; charset=utf-8"),
        AdminPage.Asset(path: "/__admin/me/class.css", fileName: "class.css", contentType: "text/css; charset=utf-8"),
        AdminPage.Asset(path: "/__admin/me/page.js", fileName: "page.js", contentType: "text/javascript; charset=utf-8"),
        AdminPage.Asset(path: "/__admin/me/progress.js", fileName: "progress.js", contentType: "text/javascript; charset=utf-8"),
        AdminPage.Asset(path: "/__admin/me/me.js", fileName: "me.js", contentType: "text/javascript; charset=utf-8"),
        AdminPage.Asset(path: "/__admin/me/favicon.svg", fileName: "favicon.svg", contentType: "image/svg+xml"),
    ]
    static let page = AdminPage.Asset(path: "/__admin/me/", fileName: "me.html", contentType: "text/html; charset=utf-8")

    /// `/__admin/me` and below, as routing reads paths (empty segments dropped).
    static func handles(_ request: Request) -> Bool {
        request.pathSegments.starts(with: ["__admin", "me"])
    }

    func makeRouter() -> Router {
        var router = Router(renderError: AdminError.render)
        // The page's files are no secret: the page asks for the credentials when it loads the team's data.
        for asset in Self.assets {
            router.on(.get, asset.path) { request, _ in
                try AdminRoutes.refuseParameters(request)
                return AdminPage.response(asset)
            }
        }
        router.on(.get, "/__admin/me") { request, _ in
            try AdminRoutes.refuseParameters(request)
            let team = try signIn(request)
            // The page lives at /__admin/me/, the JSON at /__admin/me: routing alone cannot tell them apart.
            guard !request.path.hasSuffix("/") else { return AdminPage.response(Self.page) }
            return ClassJSON.me(
                team: book.teams[team], entries: book.recent(team), products: try products(of: team),
                usesVendors: usesVendors, progress: book.progress.of(team), course: book.progress.course,
                journalRun: book.progress.journalRun)
        }
        router.on(.get, "/__admin/me/requests/{id}") { request, parameters in
            try AdminRoutes.refuseParameters(request)
            let team = try signIn(request)
            let text = parameters["id"] ?? ""
            // The same answer for another team's id as for one never given: nothing tells them apart.
            guard let id = Int(text), let entry = book.recentEntry(id: id, team: team) else {
                throw AdminError(
                    .notFound,
                    "no request \"\(text)\" among your team's last \(TeamActivity.recentCapacity) requests; "
                        + "GET /__admin/me lists them")
            }
            return JournalJSON.detail(entry, server: explainingServer)
        }
        router.on(.post, "/__admin/me/reset") { request, _ in
            try AdminRoutes.refuseParameters(request)
            try AdminRoutes.refuseBody(request)
            let team = try signIn(request)
            guard usesVendors else {
                throw AdminError(
                    HTTPStatus(code: 409, reasonPhrase: "Conflict"),
                    "on v1 products belong to no vendor, so there are none that are only your team's to delete; "
                        + "delete your products with the API (DELETE with each product's password)")
            }
            let deleted = try gate.withExclusiveLock { try store.deleteProducts(vendorIdentifier: book.teams[team].identifier) }
            return AdminJSON.response { json in json.object { $0.field("deleted", deleted) } }
        }
        return router
    }

    /// The team the credentials sign in; its client address becomes the team's (v1 knows a team by it).
    private func signIn(_ request: Request) throws(AdminError) -> Int {
        let team = try StudentAccess.team(of: request, in: book)
        book.claim(address: request.clientAddress, for: team)
        return team
    }

    private func products(of team: Int) throws -> [Product] {
        guard usesVendors else { return [] }
        return try store.productIDs(vendorIdentifier: book.teams[team].identifier).prefix(Self.productLimit)
            .compactMap { try store.product(id: $0) }
    }
}
