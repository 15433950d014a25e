import HTTPServer

/// A Vapor generation (v1a, v1b): the v1 endpoints, with the dialect's DELETE.
public struct VaporGeneration<Dialect: VaporDialect>: APIGeneration {
    public static var name: String { Dialect.name }
    public static var usesVendors: Bool { false }
    /// v1 had no health check; the first list page answers 200 even with no items.
    public static var healthCheckPath: String { "/items/1" }

    private let api: VaporAPI<Dialect>

    public init(context: APIContext) {
        api = VaporAPI(context: context)
    }

    public func renderError(_ error: HTTPError) -> Response {
        VaporErrorBody.render(error)
    }

    public func registerRoutes(on router: inout Router) {
        router.on(.get, "/items/{page}", api.list)
        router.on(.get, "/item/{id}", api.detail)
        router.on(.post, "/item", api.create)
        router.on(.patch, "/item/{id}", api.patch)
        router.on(.delete, "/item/{id}", api.delete)
        ImageServing.register(on: &router, layout: api.imageLayout, store: api.context.store)
    }
}
