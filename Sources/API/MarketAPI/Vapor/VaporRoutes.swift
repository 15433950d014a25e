import HTTPCore

extension VaporAPI {
    /// v1 had no health check; its first list page answers 200 even with no items.
    static let healthCheckPath = "/items/1"

    /// The v1 endpoints; DELETE follows the generation's `VaporDeletion`.
    func register(on router: inout APIRoutes) {
        router.on(.get, "/items/{page}", list)
        router.on(.get, "/item/{id}", detail)
        router.on(.post, "/item", create)
        router.on(.patch, "/item/{id}", patch)
        router.on(.delete, "/item/{id}", delete)
    }
}
