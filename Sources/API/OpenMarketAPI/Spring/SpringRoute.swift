import OpenMarketHTTPCore

/// One endpoint of a Spring generation: its method and path, and which of `SpringAPI`'s handlers answers it
/// (given the generation's `SpringAPI`, built when the router is).
struct SpringRoute: Sendable {
    let method: HTTPMethod
    let pattern: String
    let handler: @Sendable (SpringAPI) -> RouteHandler

    init(_ method: HTTPMethod, _ pattern: String, handler: @escaping @Sendable (SpringAPI) -> RouteHandler) {
        self.method = method
        self.pattern = pattern
        self.handler = handler
    }
}
