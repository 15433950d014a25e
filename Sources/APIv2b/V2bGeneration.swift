import HTTPServer
import MarketAPI

/// openmarket.yagom-academy.kr, ≈ Oct 2022 – 2024: camelCase page keys, `vendorName` and `description` in list
/// items, and the archived-URI delete flow.
public struct V2bGeneration: APIGeneration {
    public static let name = "v2b"
    public static let usesVendors = true

    private let api: SpringAPI
    private let deletion: V2bDeletion

    public init(context: APIContext) {
        api = SpringAPI(context: context, dialect: V2bDialect())
        deletion = V2bDeletion(api: api)
    }

    public func renderError(_ error: HTTPError) -> Response {
        api.renderError(error)
    }

    public func registerRoutes(on router: inout Router) {
        router.on("GET", "/healthChecker", api.healthCheck)
        router.on("GET", "/api/products", api.list)
        router.on("POST", "/api/products", api.create)
        router.on("GET", "/api/products/{id}", api.detail)
        router.on("PATCH", "/api/products/{id}", api.patch)
        router.on("POST", "/api/products/{id}/archived", deletion.archive)
        router.on("DELETE", "/api/products/{token}", deletion.delete)
        ImageServing.register(on: &router, layout: V2bImageKeyLayout(), store: api.context.store)
    }
}
