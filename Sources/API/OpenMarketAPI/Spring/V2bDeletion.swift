import OpenMarketHTTPCore
import OpenMarketStore
import OpenMarketWireFormat

/// v2b's delete flow: `POST /api/products/{id}/archived` with the vendor secret answers the plain-text URI
/// `/api/products/<token>`; `DELETE` of that URI deletes the product and answers its detail.
struct V2bDeletion: Sendable {
    let api: SpringAPI

    func archive(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let (product, _) = try api.authorizedProduct(request, idText: parameters["id"])
        return try issueDeleteURI(for: product)
    }

    /// The write after the checks: a DELETE of the product since it was read throws `StoreError.productNotFound`,
    /// which answers 404.
    func issueDeleteURI(for product: Product) throws -> Response {
        let token = Identifiers.deleteToken()
        try api.context.store.setDeleteToken(token, productID: product.id)
        return Response(status: .ok, contentType: "text/plain;charset=UTF-8", body: Array("/api/products/\(token)".utf8))
    }

    func delete(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let vendor = try api.vendor(of: request)
        let token = parameters["token"] ?? ""
        guard let product = try api.context.store.product(deleteToken: token) else {
            throw APIError.unknownDeleteToken(token)
        }
        try api.checkOwnership(of: product, by: vendor)
        guard let deleted = try api.context.store.deleteProduct(deleteToken: token) else {
            throw APIError.productNotFound(id: product.id)
        }
        return api.detailResponse(deleted, status: .ok, request: request)
    }
}
