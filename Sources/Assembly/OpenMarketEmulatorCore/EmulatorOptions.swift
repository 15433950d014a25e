package import OpenMarketAPI
package import OpenMarketAdminPlane
package import OpenMarketCatalogue
package import OpenMarketHTTPCore
package import OpenMarketStore

/// Everything that decides how an emulator answers, whatever carries its requests (a socket or a URLProtocol):
/// `openmarket serve` fills it from flags and the environment, `OpenMarketEmulator` from its `Options`.
package struct EmulatorOptions: Sendable {
    package var generation: Generation
    /// The vendors v2 accepts; empty configures `demoVendor`. v1 has no vendors and ignores them.
    package var vendors: [VendorConfiguration]
    package var seed: EmulatorSeed?
    /// Inserted once the store is seeded, as `POST /__admin/products` would insert them, and again by a reset.
    package var products: [InsertedProduct]
    /// The course rules on top of what the real server accepted.
    package var strict: Bool
    /// Unix seconds every product is registered at; nil: the real time.
    package var now: Double?
    /// The scheme and host put into image URLs instead of the request's Host.
    package var publicURL: String?
    /// A SQLite file, or `":memory:"`.
    package var database: String
    /// Reader connections opened up front (a file database; an in-memory one reads through its writer).
    package var readers: Int
    /// nil: no `/__admin` (no journal, faults or latency either).
    package var admin: AdminSettings?
    /// How fast bodies travel at start (`--network`); `PUT /__admin/network` changes it.
    package var network: NetworkPace.Rates
    /// Whether an in-memory store with the demo seed or none is copied from this process's template for the same
    /// options (`StoreTemplates`), made by the first such emulator: worth it where a process makes many emulators,
    /// while a process that makes one (`openmarket serve`) would only pay for the template.
    package var copiesStoreTemplate: Bool
    /// Class mode (`serve --class`): each team gets an account kept in the store, a vendor on v2.
    package var classRoster: ClassRoster?

    /// The vendor configured when none is given, with fixed credentials so an app can keep them across restarts.
    package static let demoVendor = VendorConfiguration(
        name: "demo", identifier: "demo-vendor-identifier", secret: "demo-vendor-secret")

    package init(
        generation: Generation, vendors: [VendorConfiguration] = [], seed: EmulatorSeed? = nil,
        products: [InsertedProduct] = [], strict: Bool = false,
        now: Double? = nil, publicURL: String? = nil, database: String = ":memory:", readers: Int = 4,
        admin: AdminSettings? = AdminSettings(), network: NetworkPace.Rates = NetworkPace.Rates(),
        copiesStoreTemplate: Bool = false, classRoster: ClassRoster? = nil
    ) {
        self.generation = generation
        self.vendors = vendors
        self.seed = seed
        self.products = products
        self.strict = strict
        self.now = now
        self.publicURL = publicURL
        self.database = database
        self.readers = readers
        self.admin = admin
        self.network = network
        self.copiesStoreTemplate = copiesStoreTemplate
        self.classRoster = classRoster
    }

    /// Whether the demo vendor is configured: on v2, when no vendor is given.
    package var usesDemoVendor: Bool {
        generation.usesVendors && vendors.isEmpty
    }

    /// The vendors configured before the seed's are added.
    var configuredVendors: [VendorConfiguration] {
        usesDemoVendor ? [Self.demoVendor] : vendors
    }
}
