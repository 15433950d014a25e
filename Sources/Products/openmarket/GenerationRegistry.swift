import MarketAPI

/// Every API generation `--api` can name: `Generation.all`, the one list of them.
enum GenerationRegistry {
    static var names: String {
        Generation.all.map(\.name).joined(separator: ", ")
    }

    static func generation(named name: String) -> Generation? {
        Generation.named(name)
    }
}
