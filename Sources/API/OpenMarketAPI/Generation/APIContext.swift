package import OpenMarketStore

/// What every generation works with: the store, the clock and the server-wide options.
package struct APIContext: Sendable {
    let store: MarketStore
    let clock: MarketClock
    /// `--strict`: the course rules on top of what the real server accepted.
    let strict: Bool
    /// `--public-url`: the scheme and host put into image URLs instead of the request's Host.
    let publicURL: String?
    /// Read responses kept until the next write; see `ResponseCache`.
    let cache: ResponseCache

    package init(store: MarketStore, clock: MarketClock, strict: Bool, publicURL: String?) {
        self.store = store
        self.clock = clock
        self.strict = strict
        self.publicURL = publicURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        cache = ResponseCache(store: store, publicURL: self.publicURL)
    }
}
