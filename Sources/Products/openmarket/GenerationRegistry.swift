import OpenMarketAPI

/// Every API generation `--api` can name: `Generation.all`, the one list of them.
enum GenerationRegistry {
    static var names: String {
        Generation.all.map(\.name).joined(separator: ", ")
    }

    static var defaultName: String { Generation.default.name }

    /// The generations whose health check is not `path` (v1's, for /healthChecker), as "v1b or v1a".
    static func names(healthCheckOtherThan path: String, prefix: String = "") -> String {
        Generation.all.filter { $0.healthCheckPath != path }.map { prefix + $0.name }.joined(separator: " or ")
    }

    static func generation(named name: String) -> Generation? {
        Generation.named(name)
    }
}
