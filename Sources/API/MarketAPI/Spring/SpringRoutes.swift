import HTTPCore

extension SpringAPI {
    static let healthCheckPath = "/healthChecker"

    /// The endpoints v2a and v2b share at the shared paths, then the generation's own delete flow.
    func register(on router: inout APIRoutes) {
        router.on(.get, Self.healthCheckPath, healthCheck)
        router.on(.get, "/api/products", list)
        router.on(.post, "/api/products", create)
        router.on(.get, "/api/products/{id}", detail)
        router.on(.patch, "/api/products/{id}", patch)
        switch dialect.deletion {
        case .archivedURI:
            let deletion = V2bDeletion(api: self)
            router.on(.post, "/api/products/{id}/archived", deletion.archive)
            router.on(.delete, "/api/products/{token}", deletion.delete)
        case .productSecret:
            let deletion = V2aDeletion(api: self)
            router.on(.post, "/api/products/{id}/secret", deletion.revealSecret)
            router.on(.delete, "/api/products/{id}/{secret}", deletion.delete)
        }
    }
}
