import OpenMarketAPI

/// v1a and v1b share every endpoint but DELETE, so the shared behaviour is tested on both.
let v1Generations: [Generation] = [.v1a, .v1b]
