package import OpenMarketHTTPCore
package import OpenMarketMultipart
package import OpenMarketWireFormat

/// One API generation of the real server (v2b, v2a, v1b, v1a), described as a value: its family, its host, its
/// paths, its JSON layouts, its delete flow, where it keeps images and how a multipart body may end. Everything
/// the generations share (the store, the rules, image handling) lives outside it, so a new generation is one more
/// value (see `Generation.v2b`) and an entry in `all`; whatever needs per-generation knowledge (the CLI, seed data,
/// documents, the in-process emulator's hosts) reads it here and never switches on a name.
package struct Generation: Sendable, CustomStringConvertible {
    /// The server framework the generation ran on, which decides its endpoints and credentials (its error body is
    /// `errors`: v1a and v1b differ there). The raw value is its name in `openmarket generations`.
    package enum Family: String, Sendable {
        /// Spring Boot (v2): vendors, `/api/products`.
        case spring
        /// Vapor (v1): per-product passwords, `/items/{page}` and `/item/{id}`.
        case vapor
    }

    /// What only this generation's family knows about it.
    enum Dialect: Sendable {
        case spring(SpringDialect)
        case vapor(VaporDeletion)
    }

    /// The `--api` value, recorded in the database the first time it is used.
    package let name: String
    /// The host the course apps sent this generation's requests to; the in-process emulator answers it.
    package let host: String
    let dialect: Dialect
    /// The body and the words of the generation's errors.
    package let errors: ErrorFamily
    /// Where the generation serves its images, uploaded and seeded alike.
    package let imageKeys: any ImageKeyLayout
    /// Where its server lets a multipart body end (Vapor also after a last delimiter line): the API reads bodies so,
    /// the journal and `openmarket explain` explain them so.
    package let multipartEnding: MultipartEnding

    /// Every generation, newest first; `--api` accepts exactly these names.
    package static let all: [Generation] = [.v2b, .v2a, .v1b, .v1a]

    /// The generation served when none is named (`--api`, `OPENMARKET_API`, `openmarket explain`).
    package static let `default` = Generation.v2b

    package static func named(_ name: String) -> Generation? {
        all.first { $0.name == name }
    }

    package var description: String { name }

    package var family: Family {
        switch dialect {
        case .spring: .spring
        case .vapor: .vapor
        }
    }

    /// Whether the generation has vendors (v2) or per-product passwords (v1).
    package var usesVendors: Bool { family == .spring }

    /// v2's `discounted_price` is the amount taken off (`bargain_price` = price − it); v1's is the sale price.
    package var discountIsAmountOff: Bool { family == .spring }

    /// A GET that answers 200 whenever the server is up, even on an empty database; `openmarket healthcheck` asks
    /// it.
    package var healthCheckPath: String {
        switch family {
        case .spring: SpringAPI.healthCheckPath
        case .vapor: VaporAPI.healthCheckPath
        }
    }

    /// The generation's complete router over the context's store: its routes, its image paths, and its error body
    /// for every error, 404 and 405 included.
    package func makeRouter(context: APIContext) -> Router {
        var routes = APIRoutes(router: Router(renderError: errors.render), errors: errors)
        switch dialect {
        case .spring(let spring):
            SpringAPI(context: context, dialect: spring, imageKeys: imageKeys, multipartEnding: multipartEnding)
                .register(on: &routes)
        case .vapor(let deletion):
            VaporAPI(context: context, deletion: deletion, imageKeys: imageKeys, multipartEnding: multipartEnding)
                .register(on: &routes)
        }
        ImageServing.register(on: &routes, layout: imageKeys, store: context.store)
        var router = routes.router
        // Only GET routes keep answers in the cache, each under its own target.
        router.answerEarly(with: context.cache.freshResponse(for:))
        return router
    }
}
