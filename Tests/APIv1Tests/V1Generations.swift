import APIv1a
import APIv1b
import MarketAPI

/// v1a and v1b share every endpoint but DELETE, so the shared behaviour is tested on both.
let v1Generations: [any APIGeneration.Type] = [V1aGeneration.self, V1bGeneration.self]
