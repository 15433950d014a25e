import OpenMarketCatalogue
import OpenMarketStore

/// What an emulator starts with besides its vendors: the demo catalogue, a generated one or a fixture file.
package enum EmulatorSeed: Sendable, Equatable {
    /// About 80 products with drawn pictures, several vendors and every case an app must show.
    case demo
    /// `count` products (1 to 1,000,000), the same on every run (`GeneratedCatalogue`).
    case generated(count: Int)
    /// A fixture file (see docs), or a page of the API's own JSON.
    case fixture(path: String)

    /// The prefix of `--seed generated:N`.
    package static let generatedPrefix = "generated:"

    /// As `--seed` takes it: `demo`, `generated:N` or a path; nil for `generated:` without a whole number.
    package init?(option: String) {
        if option == "demo" {
            self = .demo
        } else if option.hasPrefix(Self.generatedPrefix) {
            guard let count = Int(option.dropFirst(Self.generatedPrefix.count)) else { return nil }
            self = .generated(count: count)
        } else {
            self = .fixture(path: option)
        }
    }

    /// As `--seed` names it, for messages.
    package var name: String {
        switch self {
        case .demo: "demo"
        case .generated(let count): "\(Self.generatedPrefix)\(count)"
        case .fixture(let path): path
        }
    }

    /// The one place a seed becomes a catalogue; a generated one has only its vendors here, its products are
    /// made row by row (`rows`).
    func catalogue(for generation: SeedGeneration) throws(FixtureError) -> SeedCatalogue {
        switch self {
        case .demo: return DemoCatalogue.shared(for: generation)
        case .generated(let count):
            guard GeneratedCatalogue.counts.contains(count) else {
                throw FixtureError(
                    "", "a generated catalogue has 1 to 1000000 products, as in --seed generated:100000; got \(count)")
            }
            return SeedCatalogue(vendors: GeneratedCatalogue.vendors, products: [])
        case .fixture(let path): return try FixtureReader.read(path: path)
        }
    }

    /// The rows the store writes, `catalogue` being what `catalogue(for:)` gave.
    func rows(
        of catalogue: SeedCatalogue, vendorIDs: [String: Int64], generation: SeedGeneration, now: Double
    ) -> SeedRows {
        guard case .generated(let count) = self else {
            return SeedRows(catalogue.storeRows(vendorIDs: vendorIDs, generation: generation, now: now))
        }
        return GeneratedCatalogue.rows(count: count, vendorIDs: vendorIDs, generation: generation)
    }

    /// Whether every seller's secret is a v1 password: a generated catalogue's products all take their seller's.
    var lendsEverySellerSecret: Bool {
        if case .generated = self { true } else { false }
    }
}
