import OpenMarketAPI
import OpenMarketCatalogue
import OpenMarketEmulatorCore

/// The seed facts of a v2 and a v1 generation, as the generations give them.
extension SeedGeneration {
    static let v2b = Generation.v2b.seedGeneration
    static let v1 = Generation.v1a.seedGeneration
}
