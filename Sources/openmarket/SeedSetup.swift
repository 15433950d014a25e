import ArgumentParser
import Catalogue
import Logging
import MarketStore

/// `--seed demo` or `--seed PATH`: the catalogue is built and checked before the database is opened, so a bad
/// fixture stops the server with the database untouched; it is applied once the store and its vendors are there.
struct SeedSetup {
    let source: String
    let catalogue: SeedCatalogue
    /// How long building the catalogue took (drawing the demo's pictures, reading a fixture's files).
    let buildTime: Duration

    /// nil without `--seed`. A fixture that cannot be used prints one message and exits with status 2.
    static func load(_ settings: ServeSettings) throws -> SeedSetup? {
        guard let source = settings.seed else { return nil }
        do {
            let start = ContinuousClock.now
            let catalogue = source == "demo"
                ? DemoCatalogue.shared(for: settings.seedGeneration) : try FixtureReader.read(path: source)
            let buildTime = ContinuousClock.now - start
            if settings.generation.usesVendors {
                try catalogue.checkVendors(configured: try settings.configuredVendors())
            }
            return SeedSetup(source: source, catalogue: catalogue, buildTime: buildTime)
        } catch let error as FixtureError {
            throw RuntimeFailure("--seed \(source): \(error)", exitStatus: 2)
        }
    }

    /// The seed's vendors that `--vendor` (or the demo vendor) does not already configure.
    func addedVendors(configured: [VendorConfiguration]) -> [VendorConfiguration] {
        catalogue.vendors.filter { seed in !configured.contains { $0.identifier == seed.identifier } }
    }

    /// The seed as store rows, with the ids the store gives the seed's vendors. Built once, so that a reset puts
    /// back exactly what the start wrote.
    func rows(for store: MarketStore, settings: ServeSettings) throws -> [SeededProduct] {
        var vendorIDs: [String: Int64] = [:]
        for vendor in catalogue.vendors {
            vendorIDs[vendor.identifier] = try store.vendor(identifier: vendor.identifier)?.id
        }
        return catalogue.storeRows(vendorIDs: vendorIDs, generation: settings.seedGeneration, now: settings.clock.now())
    }

    /// Fills an empty store; a store with products is left alone and a line on stderr says so.
    func apply(_ rows: [SeededProduct], to store: MarketStore, logger: Logger) throws {
        let start = ContinuousClock.now
        guard try store.seedIfEmpty(rows) else {
            logger.notice("--seed \(source): the store already has products, so it is left as it is")
            return
        }
        logger.info(
            "--seed \(source): \(rows.count) products built in \(Self.milliseconds(buildTime)) ms, written in \(Self.milliseconds(ContinuousClock.now - start)) ms")
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }

    /// What an app needs to sign in as the seed's sellers, printed under the address line.
    func credentialLines(settings: ServeSettings) throws -> [String] {
        guard settings.generation.usesVendors else {
            // A product without its own password takes its vendor's secret (`SeedCatalogue.storeRows`).
            let lendingSecrets = catalogue.vendors.filter { vendor in
                catalogue.products.contains { $0.vendor == vendor.identifier && $0.password == nil }
            }
            return lendingSecrets.map { "seed vendor \($0.name): the password of its products is \($0.secret)" }
        }
        return addedVendors(configured: try settings.configuredVendors()).map {
            "seed vendor: name \($0.name), identifier \($0.identifier), secret \($0.secret)"
        }
    }
}

extension ServeSettings {
    /// Every generation `--api` accepts has seed facts; v2b's are the fallback for a future one without them.
    var seedGeneration: SeedGeneration {
        SeedGeneration(generation: generation.name) ?? .v2b
    }
}
