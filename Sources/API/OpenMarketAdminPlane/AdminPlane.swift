package import OpenMarketAPI
package import OpenMarketCatalogue
package import OpenMarketHTTPCore
import OpenMarketLocking
package import OpenMarketStore

/// Everything under `/__admin`: access, health, reset, the request journal, faults, latency and the generation's
/// OpenAPI document. It stands in front of the API's router: admin requests it answers itself (never journaled,
/// delayed or faulted), API requests it passes on, applying faults and latency, recording them in the journal (a
/// container's health check excepted, see `Request.isHealthCheck`) and holding the reset gate shared so that a reset
/// is never seen half done.
package final class AdminPlane: RequestInterceptor {
    private let access: AdminAccess
    private let router: Router
    private let journal: RequestJournal
    private let faults: FaultBook
    private let gate = ReadWriteLock()
    /// Class mode (`serve --class`): nil without a class.
    private let classFront: ClassFront?
    private let studentRouter: Router?

    /// `reseed` puts the seed data back after a reset empties the store (nil: no seed). `context` is the API's, so
    /// the OpenAPI document names the same base URL as the API's image URLs. `pace` is the emulator's network,
    /// which `/__admin/network` sets and its transport honours. `insert` adds products for `POST /__admin/products`
    /// (nil: that route is not offered). `classTeams`, when not empty, puts the server in class mode.
    package init(
        settings: AdminSettings, generation: Generation, context: APIContext, store: MarketStore, pace: NetworkPace,
        reseed: (@Sendable (MarketStore) throws -> Void)? = nil,
        insert: InsertProducts? = nil, classTeams: [ClassTeam] = []
    ) {
        access = AdminAccess(token: settings.token)
        journal = RequestJournal(
            capacity: settings.journalCapacity, bodyCap: settings.journalBodyBytes, redactedToken: settings.token)
        faults = FaultBook(latency: settings.latency, seed: settings.faultSeed)
        let journalRun = Int64(journal.version().journal)
        let classBook = classTeams.isEmpty ? nil : ClassBook(
            teams: classTeams,
            progress: ClassProgress(teams: classTeams, generation: generation, store: store, journalRun: journalRun))
        classFront = classBook.map { ClassFront(book: $0, errors: Router(renderError: generation.errors.render)) }
        let gate = gate
        studentRouter = classBook.map { book in
            StudentRoutes(
                book: book, store: store, usesVendors: generation.usesVendors, explainingServer: generation.explainingServer,
                gate: gate
            ).makeRouter()
        }
        router = AdminRoutes(
            generation: generation.name, started: .now, store: store, journal: journal,
            reset: StateReset(store: store, journal: journal, faults: faults, gate: gate, reseed: reseed),
            faults: faults, snapshots: SnapshotShelf(store: store, gate: gate), pace: pace,
            explainingServer: generation.explainingServer, insert: insert,
            classBook: classBook,
            openAPIDocument: { format, request in try generation.openAPIResponse(format, to: request, context: context) }
        ).makeRouter()
    }

    package func respond(to request: Request, next: (Request) -> Response) -> Response {
        guard ControlPlanePath.contains(request.path) else {
            return gate.withSharedLock {
                guard !request.isHealthCheck else { return faults.apply(to: request, next: next) }
                // A local function, not a closure kept in a variable: passed on as a non-escaping closure it needs no
                // allocation.
                func answer(_ request: Request) -> Response {
                    faults.apply(to: request, next: next)
                }
                guard let classFront else { return journal.record(request, answer: answer) }
                return classFront.respond(to: request, journal: journal, answer: answer)
            }
        }
        // A student's own view signs in with the team's credentials, from any machine, without the admin token.
        if let studentRouter, StudentRoutes.handles(request) {
            return studentRouter.respond(to: request)
        }
        do {
            try access.check(request)
        } catch {
            return router.render(HTTPError(error))
        }
        return router.respond(to: request)
    }
}
