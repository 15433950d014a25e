import HTTPCore

/// One API generation of the real server (v2b, v2a, v1b, v1a), described as a value: its family, its paths, its
/// JSON layouts, its delete flow and where it keeps images. Everything the generations share (the store, the
/// rules, image handling) lives outside it, so a new generation is one more value (see `Generation.v2b`) and an
/// entry in `all`; whatever needs per-generation knowledge (the CLI, seed data, documents) reads it here.
public struct Generation: Sendable, CustomStringConvertible {
    /// The server framework the generation ran on, which decides its endpoints, credentials and error body.
    public enum Family: Sendable {
        /// Spring Boot (v2): vendors, `/api/products`, `{"code","message"}` errors.
        case spring
        /// Vapor (v1): per-product passwords, `/items/{page}` and `/item/{id}`, `{"error","reason"}` errors.
        case vapor
    }

    /// What only this generation's family knows about it.
    enum Dialect: Sendable {
        case spring(SpringDialect)
        case vapor(VaporDeletion)
    }

    /// The `--api` value, recorded in the database the first time it is used.
    public let name: String
    let dialect: Dialect
    /// Where the generation serves its images.
    let imageKeys: any ImageKeyLayout

    /// Every generation, newest first; `--api` accepts exactly these names.
    public static let all: [Generation] = [.v2b, .v2a, .v1b, .v1a]

    public static func named(_ name: String) -> Generation? {
        all.first { $0.name == name }
    }

    public var description: String { name }

    public var family: Family {
        switch dialect {
        case .spring: .spring
        case .vapor: .vapor
        }
    }

    /// Whether the generation has vendors (v2) or per-product passwords (v1).
    public var usesVendors: Bool { family == .spring }

    /// A GET that answers 200 whenever the server is up, even on an empty database; `openmarket healthcheck` asks
    /// it.
    public var healthCheckPath: String {
        switch family {
        case .spring: SpringAPI.healthCheckPath
        case .vapor: VaporAPI.healthCheckPath
        }
    }

    /// The generation's error body: `{"code","message"}` (Spring) or `{"error","reason"}` (Vapor).
    func renderError(_ error: HTTPError) -> Response {
        switch family {
        case .spring: SpringErrorBody.render(error)
        case .vapor: VaporErrorBody.render(error)
        }
    }

    /// The generation's complete router over the context's store: its routes, its image paths, and its error body
    /// for every error, 404 and 405 included.
    public func makeRouter(context: APIContext) -> Router {
        var router = Router(renderError: renderError)
        switch dialect {
        case .spring(let spring):
            SpringAPI(context: context, dialect: spring, imageKeys: imageKeys).register(on: &router)
        case .vapor(let deletion):
            VaporAPI(context: context, deletion: deletion, imageKeys: imageKeys).register(on: &router)
        }
        ImageServing.register(on: &router, layout: imageKeys, store: context.store)
        return router
    }
}
