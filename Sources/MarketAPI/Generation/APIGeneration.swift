import HTTPServer
import MarketStore

/// One API generation of the real server (v2b, v2a, v1b, v1a): its routes, how it reads requests and how it writes
/// responses. Everything the generations share (the store, the rules, image handling) lives outside them, so a new
/// generation is one more type conforming to this protocol.
public protocol APIGeneration: Sendable {
    /// The `--api` value, recorded in the database the first time it is used.
    static var name: String { get }
    /// Whether the generation has vendors (v2) or per-product passwords (v1).
    static var usesVendors: Bool { get }
    /// A GET that answers 200 whenever the server is up, even on an empty database; `openmarket healthcheck` asks it.
    static var healthCheckPath: String { get }

    init(context: APIContext)

    /// Every error of a server looks the same on the wire, 404 and 405 included.
    func renderError(_ error: HTTPError) -> Response

    func registerRoutes(on router: inout Router)
}

extension APIGeneration {
    /// The generation's complete router.
    public func makeRouter() -> Router {
        var router = Router(renderError: renderError, classifyError: StoreError.httpError)
        registerRoutes(on: &router)
        return router
    }
}
