import HTTPServer

/// A Spring Boot generation: the shared endpoints at the shared paths, plus the variant's own routes.
public struct SpringGeneration<Variant: SpringVariant>: APIGeneration {
    public static var name: String { Variant.name }
    public static var usesVendors: Bool { true }
    public static var healthCheckPath: String { "/healthChecker" }

    private let api: SpringAPI

    public init(context: APIContext) {
        api = SpringAPI(context: context, dialect: Variant.dialect)
    }

    public func renderError(_ error: HTTPError) -> Response {
        api.renderError(error)
    }

    public func registerRoutes(on router: inout Router) {
        router.on(.get, Self.healthCheckPath, api.healthCheck)
        router.on(.get, "/api/products", api.list)
        router.on(.post, "/api/products", api.create)
        router.on(.get, "/api/products/{id}", api.detail)
        router.on(.patch, "/api/products/{id}", api.patch)
        Variant.registerOwnRoutes(on: &router, api: api)
        ImageServing.register(on: &router, layout: Variant.dialect.imageLayout, store: api.context.store)
    }
}
