import MarketAPI
import Multipart

/// Every API generation `--api` can name: `Generation.all`, the one list of them.
enum GenerationRegistry {
    static var names: String {
        Generation.all.map(\.name).joined(separator: ", ")
    }

    static func generation(named name: String) -> Generation? {
        Generation.named(name)
    }
}

extension Generation {
    /// Where its server lets a multipart body end: v1's Vapor also after a last delimiter line (MultipartEnding).
    var multipartEnding: MultipartEnding {
        family == .vapor ? .closeDelimiterOrLastDelimiterLine : .closeDelimiter
    }
}
