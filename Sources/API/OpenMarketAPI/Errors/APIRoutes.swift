import OpenMarketHTTPCore
import OpenMarketStore

/// A generation's routes on its router: every catalogue error a handler throws answers in the generation's words,
/// and so does the store's "no such product", met when another request deleted the product in between.
struct APIRoutes {
    private(set) var router: Router
    let errors: ErrorFamily

    /// `router` should render errors as `errors.render` does, so every error of the server looks the same.
    init(router: Router, errors: ErrorFamily) {
        self.router = router
        self.errors = errors
    }

    mutating func on(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping RouteHandler) {
        let errors = errors
        router.on(method, pattern) { request, parameters in
            do {
                return try handler(request, parameters)
            } catch let error as APIError {
                throw error.httpError(in: errors)
            } catch StoreError.productNotFound(let id) {
                throw APIError.productNotFound(id: id).httpError(in: errors)
            }
        }
    }
}
