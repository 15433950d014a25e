package import OpenMarketAPI
package import OpenMarketCatalogue
import OpenMarketStore

/// A seed read and checked, ready to be written once the store and its vendors are there.
struct SeedPlan {
    let seed: EmulatorSeed
    let catalogue: SeedCatalogue
    let generation: SeedGeneration
    let usesVendors: Bool
    /// The seed's vendors that the options do not already configure.
    let addedVendors: [VendorConfiguration]
    /// How long building the catalogue took (drawing the demo's pictures, reading a fixture's files).
    let buildTime: Duration

    init(_ seed: EmulatorSeed, options: EmulatorOptions) throws(EmulatorError) {
        self.seed = seed
        generation = options.generation.seedGeneration
        usesVendors = options.generation.usesVendors
        let start = ContinuousClock.now
        do {
            catalogue = try seed.catalogue(for: generation)
            if usesVendors {
                try catalogue.checkVendors(configured: options.configuredVendors)
            }
        } catch {
            throw .seed(source: seed.name, message: "\(error)")
        }
        buildTime = ContinuousClock.now - start
        let configured = options.configuredVendors
        addedVendors = catalogue.vendors.filter { seed in !configured.contains { $0.identifier == seed.identifier } }
    }

    /// Fills an empty store; one with products is left alone. The rows are built once, with the ids the store gave
    /// the seed's vendors, so that a reset puts back exactly what the start wrote.
    func apply(to store: MarketStore, now: Double) throws(EmulatorError) -> (rows: SeedRows, report: SeedReport) {
        let start = ContinuousClock.now
        do {
            var vendorIDs: [String: Int64] = [:]
            for vendor in catalogue.vendors {
                vendorIDs[vendor.identifier] = try store.vendor(identifier: vendor.identifier)?.id
            }
            let rows = seed.rows(of: catalogue, vendorIDs: vendorIDs, generation: generation, now: now)
            let written = try store.seedIfEmpty(rows)
            let report = SeedReport(
                source: seed.name, productCount: rows.count, written: written, buildTime: buildTime,
                writeTime: ContinuousClock.now - start, credentialLines: credentialLines)
            return (rows, report)
        } catch {
            throw .seed(source: seed.name, message: "cannot write it to the store: \(error)")
        }
    }

    /// What an app needs to sign in as the seed's sellers.
    private var credentialLines: [String] {
        guard usesVendors else {
            // A product without its own password takes its vendor's secret (`SeedCatalogue.storeRows`).
            let lendingSecrets = catalogue.vendors.filter { vendor in
                seed.lendsEverySellerSecret
                    || catalogue.products.contains { $0.vendor == vendor.identifier && $0.password == nil }
            }
            return lendingSecrets.map { "seed vendor \($0.name): the password of its products is \($0.secret)" }
        }
        return addedVendors.map { "seed vendor: name \($0.name), identifier \($0.identifier), secret \($0.secret)" }
    }
}

extension Generation {
    /// What seed data needs of the generation: its image layout and how it reads a discount.
    package var seedGeneration: SeedGeneration {
        SeedGeneration(imageKeys: imageKeys, discountIsAmountOff: discountIsAmountOff)
    }
}

/// What seeding an emulator did, for its log and for whoever signs in as the seed's vendors.
package struct SeedReport: Sendable {
    /// `demo` or the fixture's path.
    package let source: String
    package let productCount: Int
    /// false when the store already had products and was left as it was.
    package let written: Bool
    package let buildTime: Duration
    package let writeTime: Duration
    /// One line per seed vendor whose credentials an app needs.
    package let credentialLines: [String]
}
