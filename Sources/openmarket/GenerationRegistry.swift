import APIv1a
import APIv1b
import APIv2a
import APIv2b
import MarketAPI

/// Every API generation `--api` can name. A new generation is one module plus one entry here.
enum GenerationRegistry {
    static let all: [any APIGeneration.Type] = [
        V2bGeneration.self, V2aGeneration.self, V1bGeneration.self, V1aGeneration.self,
    ]

    static var names: String {
        all.map { $0.name }.joined(separator: ", ")
    }

    static func generation(named name: String) -> (any APIGeneration.Type)? {
        all.first { $0.name == name }
    }
}
