import OpenMarketHTTPCore
import OpenMarketStore
import OpenMarketWireFormat

/// v2a's delete flow: `POST /api/products/{id}/secret` with the vendor secret answers the product's own secret
/// as plain text; `DELETE /api/products/{id}/{that secret}` deletes the product and answers its detail.
struct V2aDeletion: Sendable {
    let api: SpringAPI

    func revealSecret(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let (product, _) = try api.authorizedProduct(request, idText: parameters["id"])
        guard let secret = product.productSecret else {
            throw APIError.productSecretMissing(productID: product.id)
        }
        return Response(status: .ok, contentType: "text/plain;charset=UTF-8", body: Array(secret.utf8))
    }

    func delete(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let vendor = try api.vendor(of: request)
        let product = try api.existingProduct(parameters["id"])
        try api.checkOwnership(of: product, by: vendor)
        let given = parameters["secret"] ?? ""
        guard given == product.productSecret else {
            // The real server answered 400 to apps that put the vendor secret here.
            throw APIError.wrongProductSecret(given: given, productID: product.id)
        }
        guard let deleted = try api.context.store.deleteProduct(id: product.id) else {
            throw APIError.productNotFound(id: product.id)
        }
        return api.detailResponse(deleted, status: .ok, request: request)
    }
}
