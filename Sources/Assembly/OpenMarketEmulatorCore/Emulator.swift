import OpenMarketAPI
package import OpenMarketAdminPlane
package import OpenMarketCatalogue
package import OpenMarketHTTPCore
package import OpenMarketStore

/// One emulator, whatever carries its requests: the store (seeded, with its vendors), the generation's router and
/// the admin plane in front of it. `openmarket serve` puts it behind a socket, `OpenMarketEmulator` behind a
/// URLProtocol; both make it here, so they answer alike.
package final class Emulator: Sendable {
    package let options: EmulatorOptions
    package let store: MarketStore
    package let router: Router
    /// nil when the options turn `/__admin` off.
    package let admin: AdminPlane?
    /// How fast this emulator's bodies travel: `/__admin/network` sets it, the transport carrying its requests
    /// (the socket server, or the in-process URLProtocol) honours it.
    package let pace: NetworkPace
    /// What the seed did; nil without one.
    package let seedReport: SeedReport?
    /// Adds products to the running store, for Swift (`insert`) and `POST /__admin/products`.
    private let insertProducts: InsertProducts
    /// The class's teams and their accounts; empty without `classRoster`.
    package let classTeams: [ClassTeam]

    /// The seed, and what the products to insert must be whatever the store holds, are checked before the store is
    /// opened, so a bad fixture or product leaves the database untouched. With `copiesStoreTemplate`, an in-memory
    /// store with the demo seed or none is copied from the process's template for its options after the first
    /// (`StoreTemplates`); the products are inserted into the copy.
    package init(_ options: EmulatorOptions) throws(EmulatorError) {
        self.options = options
        let clock = MarketClock(fixedAt: options.now)
        let generation = options.generation
        let insertion = ProductInsertion(
            generation: generation.seedGeneration, usesVendors: generation.usesVendors,
            defaultVendor: options.configuredVendors.first?.identifier,
            apiRefusal: { [strict = options.strict] fields, imageSizes in
                generation.createRefusal(of: fields, imageSizes: imageSizes, strict: strict)
            })
        let startProducts = options.products
        do throws(InsertionError) {
            try insertion.check(startProducts, allowingWhatTheAPIRefuses: false)
        } catch {
            throw .products(error)
        }
        let start: StoreStart
        if let key = StoreTemplates.Key(options) {
            start = try StoreTemplates.shared.start(for: key, now: clock.now()) { () throws(EmulatorError) in
                try Self.start(options, clock: clock)
            }
        } else {
            start = try Self.start(options, clock: clock)
        }
        let (store, seeded) = (start.store, start.seeded)
        let insertStartProducts = { @Sendable (store: MarketStore) throws in
            guard !startProducts.isEmpty else { return }
            _ = try insertion.insert(startProducts, into: store, now: clock.now(), allowingWhatTheAPIRefuses: false)
        }
        do {
            try insertStartProducts(store)
        } catch let error as InsertionError {
            throw .products(error)
        } catch let error as StoreError {
            throw .store(database: options.database, error)
        } catch {
            throw .database(path: options.database, message: "\(error)")
        }
        // Opened, seeded and given its products: the index is read now, for the first search (a template's store
        // without products uses the template's).
        store.prepareSearchIndex()
        let context = APIContext(store: store, clock: clock, strict: options.strict, publicURL: options.publicURL)
        self.store = store
        let insertProducts: InsertProducts = { products, allowingWhatTheAPIRefuses in
            try insertion.insert(
                products, into: store, now: clock.now(), allowingWhatTheAPIRefuses: allowingWhatTheAPIRefuses)
        }
        self.insertProducts = insertProducts
        router = options.generation.makeRouter(context: context)
        // A reset puts back the rows the start wrote and the products it inserted, so the answers after it are the
        // ones after the start.
        var reseed: (@Sendable (MarketStore) throws -> Void)?
        if seeded != nil || !startProducts.isEmpty {
            reseed = { store in
                if let seeded {
                    _ = try store.seedIfEmpty(seeded.rows)
                }
                try insertStartProducts(store)
                store.prepareSearchIndex()
            }
        }
        let pace = NetworkPace(options.network)
        self.pace = pace
        admin = options.admin.map { settings in
            AdminPlane(
                settings: settings, generation: options.generation, context: context, store: store, pace: pace,
                reseed: reseed, insert: insertProducts, classTeams: start.classTeams)
        }
        classTeams = start.classTeams
        seedReport = seeded?.report
    }

    /// Adds `products` to the store in one transaction and returns their ids; see `ProductInsertion`.
    package func insert(_ products: [InsertedProduct], allowingWhatTheAPIRefuses: Bool = false) throws -> [Int64] {
        try insertProducts(products, allowingWhatTheAPIRefuses)
    }

    /// Answers one request as the server would: `/__admin` by the admin plane, the rest by the generation's router
    /// behind the admin plane's journal, faults and latency.
    package func respond(to request: Request) -> Response {
        guard let admin else { return router.respond(to: request) }
        return admin.respond(to: request, next: router.respond)
    }

    /// A refusal a transport makes before any route sees the request (a body too large, one it cannot read), in
    /// the generation's words and, as the socket server's refusals are, journaled with the request as far as it came.
    package func respond(to request: Request, refusing refusal: HTTPError) -> Response {
        guard let admin else { return router.render(refusal) }
        return admin.respond(to: request) { [router] _ in router.render(refusal) }
    }

    /// Opens the store and writes the vendors and the seed into it.
    private static func start(_ options: EmulatorOptions, clock: MarketClock) throws(EmulatorError) -> StoreStart {
        let plan = try options.seed.map { seed throws(EmulatorError) in try SeedPlan(seed, options: options) }
        let (store, classTeams) = try Self.openStore(options, adding: plan?.addedVendors ?? [])
        let seeded = try plan.map { plan throws(EmulatorError) in try plan.apply(to: store, now: clock.now()) }
        return StoreStart(store: store, seeded: seeded, classTeams: classTeams)
    }

    /// Opens (or creates) the database, checks it belongs to this generation, makes the class's accounts, and
    /// configures the vendors (a class's teams among them).
    private static func openStore(
        _ options: EmulatorOptions, adding seedVendors: [VendorConfiguration]
    ) throws(EmulatorError) -> (MarketStore, [ClassTeam]) {
        let store: MarketStore
        let classTeams: [ClassTeam]
        let now = MarketClock(fixedAt: options.now).now()
        do {
            store = try MarketStore(path: options.database, readers: options.readers)
            try store.claimGeneration(options.generation.name)
            classTeams = try options.classRoster.map { try ClassAccounts.teams(of: $0, in: store, now: now) } ?? []
        } catch let error as StoreError {
            throw .store(database: options.database, error)
        } catch {
            throw .database(path: options.database, message: "\(error)")
        }
        guard options.generation.usesVendors else { return (store, classTeams) }
        do {
            _ = try store.upsertVendors(
                options.configuredVendors + classTeams.map(\.account) + seedVendors, now: now)
        } catch let error as StoreError {
            // A vendor given twice is a mistake in the options; anything else is the database's.
            guard case .duplicateVendorIdentifier = error else { throw .store(database: options.database, error) }
            throw .vendors("\(error)")
        } catch {
            throw .vendors("\(error)")
        }
        return (store, classTeams)
    }
}
