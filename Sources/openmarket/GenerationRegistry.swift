import APIv2b
import MarketAPI

/// Every API generation `--api` can name. A new generation is one module plus one entry here.
enum GenerationRegistry {
    static let all: [any APIGeneration.Type] = [V2bGeneration.self]

    static var names: String {
        all.map { $0.name }.joined(separator: ", ")
    }

    static func generation(named name: String) -> (any APIGeneration.Type)? {
        all.first { $0.name == name }
    }
}
