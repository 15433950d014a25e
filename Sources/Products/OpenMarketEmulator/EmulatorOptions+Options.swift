import Foundation
import OpenMarketAPI
import OpenMarketAdminPlane
import OpenMarketCatalogue
import OpenMarketClient
import OpenMarketEmulatorCore
import OpenMarketHTTPCore
import OpenMarketStore

extension EmulatorOptions {
    /// The core's options for the library's, every value checked first.
    init(_ options: OpenMarketEmulator.Options) throws(OpenMarketEmulator.SetupError) {
        let generation = options.generation.api
        guard generation.usesVendors || options.vendors.isEmpty else {
            throw .init(
                "\(generation.name) has no vendors (each product has its own password); leave vendors empty, or use "
                    + Generation.all.filter(\.usesVendors).map(\.name).joined(separator: " or "))
        }
        for vendor in options.vendors where [vendor.name, vendor.identifier, vendor.secret].contains(where: \.isEmpty) {
            throw .init(
                "a vendor needs a non-empty name, identifier and secret; got name \"\(vendor.name)\", identifier "
                    + "\"\(vendor.identifier)\", secret \"\(vendor.secret)\"")
        }
        guard (0...1_000_000).contains(options.journal) else {
            throw .init("journal must be 0 (off) to 1000000 requests; got \(options.journal)")
        }
        guard (0...AdminSettings.maxJournalBodyBytes).contains(options.journalBodyBytes) else {
            throw .init(
                "journalBodyBytes must be 0 (no bodies) to \(AdminSettings.maxJournalBodyBytes) bytes; got "
                    + "\(options.journalBodyBytes)")
        }
        let network = try Self.rates(options.network)
        let networkLatency = options.network.latencyMilliseconds.map { $0...$0 }
        let latency = try Self.latency(options.latency ?? networkLatency)
        if let database = options.database, database.isEmpty {
            throw .init("database must be the path of a SQLite file, or nil to keep the store in memory; got \"\"")
        }
        let seed = try options.seed.map { seed throws(OpenMarketEmulator.SetupError) -> EmulatorSeed in
            switch seed {
            case .demo: return .demo
            case .generated(let count): return .generated(count: count)
            case .fixture(let path) where path.isEmpty: throw .init("a fixture seed needs the path of a fixture file")
            case .fixture(let path): return .fixture(path: path)
            }
        }
        self.init(
            generation: generation,
            vendors: options.vendors.map {
                VendorConfiguration(name: $0.name, identifier: $0.identifier, secret: $0.secret)
            },
            seed: seed, products: options.products.map(InsertedProduct.init), strict: options.strict, now: options.now?.timeIntervalSince1970,
            database: options.database ?? ":memory:",
            admin: AdminSettings(
                journalCapacity: options.journal, journalBodyBytes: options.journalBodyBytes, latency: latency,
                faultSeed: options.faultSeed),
            network: network, copiesStoreTemplate: true)
    }

    private static func latency(_ milliseconds: ClosedRange<Int>?) throws(OpenMarketEmulator.SetupError) -> LatencyRange {
        guard let milliseconds else { return .none }
        guard let range = LatencyRange(minMs: milliseconds.lowerBound, maxMs: milliseconds.upperBound) else {
            throw .init(
                "latency must be whole milliseconds from 0 to \(LatencyRange.maxMilliseconds), e.g. 300...300 or "
                    + "100...800; got \(milliseconds)")
        }
        return range
    }

    private static func rates(_ network: NetworkConditions) throws(OpenMarketEmulator.SetupError) -> NetworkPace.Rates {
        let allowed = NetworkPace.Rates.allowed
        for rate in [network.downloadBytesPerSecond, network.uploadBytesPerSecond].compactMap({ $0 })
        where !allowed.contains(rate) {
            throw .init(
                "network rates must be whole bytes per second from \(allowed.lowerBound) to \(allowed.upperBound), "
                    + "or nil for unlimited; got \(rate)")
        }
        return NetworkPace.Rates(
            uploadBytesPerSecond: network.uploadBytesPerSecond, downloadBytesPerSecond: network.downloadBytesPerSecond)
    }
}
