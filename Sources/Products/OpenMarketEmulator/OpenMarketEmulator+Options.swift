public import Foundation
package import OpenMarketAPI
public import OpenMarketClient

extension OpenMarketEmulator {
    /// How an emulator behaves; it mirrors `openmarket serve`'s flags. Every value is checked when the emulator is
    /// made, and a bad one throws ``SetupError`` before anything is created.
    public struct Options: Sendable {
        /// The API generation it speaks, and so the host it answers by default.
        public var generation: Generation
        /// The vendors v2 accepts (`--vendor`); empty configures the demo vendor (`demo-vendor-identifier`,
        /// `demo-vendor-secret`). v1 has no vendors: give none.
        public var vendors: [Vendor]
        /// What the store starts with (`--seed`); nil: empty.
        public var seed: Seed?
        /// Inserted after the seed when the emulator is made, all or none, as ``OpenMarketEmulator/insert(_:allowingWhatTheAPIRefuses:)``
        /// inserts them (a product it refuses makes the emulator's init throw ``SetupError`` naming it); a reset
        /// inserts them again.
        public var products: [SeedProduct]
        /// The course rules on top of what the real server accepted (`--strict`).
        public var strict: Bool
        /// Every product is registered at this instant (`OPENMARKET_NOW`); nil: the real time.
        public var now: Date?
        /// How many API requests the journal keeps, 0 to 1,000,000 (`--journal`); 0 keeps none.
        public var journal: Int
        /// How many bytes of each request and response body the journal keeps, 0 to 1 GiB
        /// (`--journal-body-bytes`): a longer body is kept cut, and ``SentRequest/bodyIsComplete`` says so.
        public var journalBodyBytes: Int
        /// Milliseconds every API answer waits, 0 to 600,000, drawn in the range (`--latency`); nil: none, or the
        /// network's latency.
        public var latency: ClosedRange<Int>?
        /// How fast bodies travel at start (`--network`): its latency too, unless `latency` is given.
        /// ``OpenMarketAdmin/setNetwork(_:)`` changes it.
        public var network: NetworkConditions
        /// Seeds the draws of faults' probability and of latency (`--fault-seed`); nil: different on every run.
        public var faultSeed: UInt64?
        /// A SQLite file that outlives the emulator (`--database`); nil: in memory, gone with the emulator.
        public var database: String?
        /// Hosts answered besides the generation's real one, as `host` or `host:port` (e.g. `127.0.0.1:8080`),
        /// over http and https. A host without a port is answered on the scheme's default port.
        public var hosts: [String]

        public init(
            generation: Generation, vendors: [Vendor] = [], seed: Seed? = nil, products: [SeedProduct] = [],
            strict: Bool = false, now: Date? = nil, journal: Int = 1000, journalBodyBytes: Int = 1 << 20,
            latency: ClosedRange<Int>? = nil, network: NetworkConditions = .unlimited, faultSeed: UInt64? = nil,
            database: String? = nil, hosts: [String] = []
        ) {
            self.generation = generation
            self.vendors = vendors
            self.seed = seed
            self.products = products
            self.strict = strict
            self.now = now
            self.journal = journal
            self.journalBodyBytes = journalBodyBytes
            self.latency = latency
            self.network = network
            self.faultSeed = faultSeed
            self.database = database
            self.hosts = hosts
        }
    }

    /// An Open Market API generation, answered on its real host by default (the README's table). Every generation
    /// the server knows is one (`allCases`, or by name with `init(rawValue:)`); the common ones have a name here.
    public struct Generation: Sendable, Hashable, RawRepresentable, CaseIterable, CustomStringConvertible {
        /// The server's description of it, where every fact about it lives.
        package let api: OpenMarketAPI.Generation

        /// `openmarket.yagom-academy.kr`, 2022–.
        public static let v2b = Self(.v2b)
        /// `market-training.yagom-academy.kr`.
        public static let v2a = Self(.v2a)
        /// `camp-open-market-2.herokuapp.com`.
        public static let v1b = Self(.v1b)
        /// `camp-open-market.herokuapp.com`.
        public static let v1a = Self(.v1a)

        /// Every generation, newest first.
        public static var allCases: [Self] { OpenMarketAPI.Generation.all.map(Self.init) }

        package init(_ api: OpenMarketAPI.Generation) {
            self.api = api
        }

        /// The generation `openmarket serve --api` calls `rawValue`; nil for a name no generation has.
        public init?(rawValue: String) {
            guard let api = OpenMarketAPI.Generation.named(rawValue) else { return nil }
            self.init(api)
        }

        /// Its `--api` name, e.g. `v2b`.
        public var rawValue: String { api.name }

        public var description: String { api.name }

        /// The host the course apps sent this generation's requests to.
        public var host: String { api.host }

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.api.name == rhs.api.name
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(api.name)
        }
    }

    /// What the store starts with.
    public enum Seed: Sendable, Equatable {
        /// The demo catalogue: products with drawn pictures, several vendors, every case an app must show.
        case demo
        /// `count` products (1 to 1,000,000) from several vendors, in Korean and English, with and without
        /// discounts, the same for the same count on every run and machine (`--seed generated:N`).
        case generated(count: Int)
        /// A fixture file (the format of docs/seed-data.md), or a saved page of the API's own JSON.
        case fixture(path: String)
    }

    /// Why an emulator could not be made: a message that says what to change. Nothing was created.
    public struct SetupError: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String

        init(_ description: String) {
            self.description = description
        }
    }
}
