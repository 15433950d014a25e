import OpenMarketCatalogue
import OpenMarketHTTPCore
import OpenMarketStore

/// `/__admin/products`: the store as an app would show it, read straight from the store, never journaled; and
/// products added with exact ids and data (`POST`), for a test that expects the real server's.
extension AdminRoutes {
    func addProductRoutes(to router: inout Router) {
        if let insert {
            router.on(.post, "/__admin/products") { request, _ in
                try Self.refuseParameters(request)
                let body = try ProductInsertRequest(request.body)
                let ids: [Int64]
                do {
                    ids = try insert(body.products, body.allowingWhatTheAPIRefuses)
                } catch let error as InsertionError {
                    throw AdminError(error.isIDTaken ? .conflict : .badRequest, error.description)
                }
                return AdminProductJSON.inserted(ids)
            }
        }
        router.on(.get, "/__admin/products") { request, _ in
            let query = try ProductPageQuery(request.query)
            return AdminProductJSON.page(
                try store.page(offset: query.offset, limit: query.size, search: nil, order: .newestFirst), query: query)
        }
        router.on(.get, "/__admin/products/{id}") { request, parameters in
            try Self.refuseParameters(request)
            return AdminProductJSON.detail(try product(parameters))
        }
        router.on(.get, "/__admin/products/{id}/images/{position}") { request, parameters in
            try Self.refuseParameters(request)
            let product = try product(parameters)
            let text = parameters["position"] ?? ""
            guard let position = Int(text), let image = product.images.first(where: { $0.position == position }),
                let stored = try store.image(key: image.originKey)
            else {
                throw AdminError(
                    .notFound,
                    "product \(product.id) has no image \"\(text)\": its images are numbered from 0 to "
                        + "\(product.images.count - 1), as GET /__admin/products/\(product.id) lists them")
            }
            return Response(status: .ok, contentType: stored.mediaType, body: stored.bytes)
        }
    }

    private func product(_ parameters: RouteParameters) throws -> Product {
        let text = parameters["id"] ?? ""
        guard let id = Int64(text), id >= 1 else {
            throw AdminError.badRequest("a product id is a whole number from 1, as listed by GET /__admin/products; got \"\(text)\"")
        }
        guard let product = try store.product(id: id) else {
            throw AdminError(.notFound, "no product \(id) in the store; GET /__admin/products lists those there")
        }
        return product
    }
}
