import OpenMarketHTTPCore
import OpenMarketMultipart
import OpenMarketStore
import OpenMarketWireFormat

/// The endpoints v2a and v2b share (`productRoutes`: health check, list, detail, create and patch), plus the
/// credential checks their delete flows use, in the words of one generation's `SpringDialect`, whose `routes`
/// are the generation's endpoints. A class: every route holds it, and a struct of its size was copied on every
/// request.
package final class SpringAPI: ListAnswering {
    let context: APIContext
    let dialect: SpringDialect
    let imageKeys: any ImageKeyLayout
    let multipartEnding: MultipartEnding
    let authentication: VendorAuthentication
    let rules: ProductRules
    let form: SpringProductForm

    static let currencies = ["KRW", "USD"]

    /// v2 accepted exactly KRW and USD.
    static func rules(strict: Bool) -> ProductRules {
        ProductRules(currencies: currencies, strict: strict)
    }
    package static let healthCheckPath = "/healthChecker"
    /// The JSON string "OK", quotes included, as the real server wrote it.
    package static let healthyBody: [UInt8] = Array(#""OK""#.utf8)

    /// The endpoints both Spring generations have at the same paths; each adds its delete flow (`Generation.v2b`).
    static let productRoutes = [
        SpringRoute(.get, healthCheckPath) { $0.healthCheck },
        SpringRoute(.get, "/api/products") { $0.list },
        SpringRoute(.post, "/api/products") { $0.create },
        SpringRoute(.get, "/api/products/{id}") { $0.detail },
        SpringRoute(.patch, "/api/products/{id}") { $0.patch },
    ]

    init(context: APIContext, dialect: SpringDialect, imageKeys: any ImageKeyLayout, multipartEnding: MultipartEnding) {
        self.context = context
        self.dialect = dialect
        self.imageKeys = imageKeys
        self.multipartEnding = multipartEnding
        authentication = VendorAuthentication(store: context.store)
        rules = Self.rules(strict: context.strict)
        form = SpringProductForm(descriptionKeys: dialect.descriptionKeys)
    }

    func register(on router: inout APIRoutes) {
        for route in dialect.routes {
            router.on(route.method, route.pattern, route.handler(self))
        }
    }

    private static let healthy = {
        var healthy = Response(status: .ok, contentType: "application/json", body: healthyBody)
        healthy.reuse = ResponseReuse()  // Every health check gets these bytes.
        return healthy
    }()

    /// `GET /healthChecker`: the JSON string "OK", quotes included.
    func healthCheck(_ request: Request, _ parameters: RouteParameters) -> Response {
        Self.healthy
    }

    /// `GET /api/products?page_no=&items_per_page=&search_value=`, newest first.
    func list(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        try context.cache.list(for: request, isFirstPage: { Self.isFirstPage(request.queryParameters) }, answerer: self)
    }

    /// The first page without a search: what an app asks for again right after it writes.
    private static func isFirstPage(_ query: QueryParameters) -> Bool {
        (try? PageWindow.requested(by: query))?.pageNumber == 1 && query["search_value"] == nil
    }

    func answerList(_ request: Request) throws -> Response {
        let query = request.queryParameters
        let requested = try PageWindow.requested(by: query)
        let page = try context.store.page(
            offset: (requested.pageNumber - 1) * requested.itemsPerPage,
            limit: requested.itemsPerPage,
            search: query["search_value"],
            order: .newestFirst)
        let window = PageWindow(
            pageNumber: requested.pageNumber, itemsPerPage: requested.itemsPerPage, totalCount: page.totalCount)
        guard !window.isPastTheEnd else { return Response(status: .noContent) }
        let base = BaseURL(request: request, publicURL: context.publicURL)
        return json(.ok, dialect.json.page(window, products: page.products, base: base))
    }

    /// `GET /api/products/{id}`.
    func detail(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        try context.cache.response(for: request) { [self] in
            detailResponse(try existingProduct(parameters["id"]), status: .ok, request: request)
        }
    }

    /// `POST /api/products`: multipart with a `params` JSON part and `images` file parts; 201 with the detail.
    func create(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let vendor = try authentication.vendor(of: request)
        let parts = try MultipartBody.parts(of: request, ending: multipartEnding)
        guard let paramsPart = parts.first(where: { $0.name == "params" }) else {
            throw APIError.missingParamsPart(found: parts.map(\.name))
        }
        let params = try RequestJSON.object(paramsPart.body, source: "the \"params\" part")
        try authentication.checkSecret(params.string("secret"), of: vendor)
        let product = try ProductCreation(context: context, rules: rules, layout: imageKeys).create(
            try form.draft(from: params), images: { try MultipartBody.imageUploads(of: parts) }, vendorID: vendor.id,
            password: nil, productSecret: Identifiers.dashedTimeUUID())
        return detailResponse(product, status: .created, request: request)
    }

    /// `PATCH /api/products/{id}`: a JSON body whatever its Content-Type says; 202 with the updated detail.
    func patch(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let (product, body) = try authorizedProduct(request, idText: parameters["id"])
        let patch = try form.patch(from: body)
        try rules.validate(patch.applied(to: product))
        if let thumbnailID = patch.thumbnailImageID, !product.images.contains(where: { $0.id == thumbnailID }) {
            throw APIError.thumbnailNotOwnImage(imageID: thumbnailID, productID: product.id, own: product.images.map(\.id))
        }
        guard let updated = try context.store.patchProduct(id: product.id, patch) else {
            throw APIError.productNotFound(id: product.id)
        }
        return detailResponse(updated, status: .accepted, request: request)
    }

    /// The product and the parsed JSON body of a call that must prove ownership (patch, delete lookups): 400 without
    /// identifier or secret, 401 for wrong credentials, 404 for an unknown product, 403 for another vendor's product.
    func authorizedProduct(_ request: Request, idText: String?) throws -> (Product, RequestJSON.Object) {
        let vendor = try authentication.vendor(of: request)
        let body = try RequestJSON.object(request.body, source: "the request body")
        try authentication.checkSecret(body.string("secret"), of: vendor)
        let product = try existingProduct(idText)
        try authentication.checkOwnership(of: product, by: vendor)
        return (product, body)
    }

    /// The vendor named by the `identifier` header (400 when missing, 401 when unknown).
    func vendor(of request: Request) throws -> Vendor {
        try authentication.vendor(of: request)
    }

    func checkOwnership(of product: Product, by vendor: Vendor) throws(APIError) {
        try authentication.checkOwnership(of: product, by: vendor)
    }

    func existingProduct(_ idText: String?) throws -> Product {
        let id = try Self.productID(idText)
        guard let product = try context.store.product(id: id) else {
            throw APIError.productNotFound(id: id)
        }
        return product
    }

    func detailResponse(_ product: Product, status: HTTPStatus, request: Request) -> Response {
        let base = BaseURL(request: request, publicURL: context.publicURL)
        return json(status, dialect.json.detail(product, base: base))
    }

    static func productID(_ text: String?) throws(APIError) -> Int64 {
        guard let text, let id = Int64(text), id > 0 else {
            throw .invalidProductID(got: text ?? "")
        }
        return id
    }

    private func json(_ status: HTTPStatus, _ body: [UInt8]) -> Response {
        Response(status: status, contentType: "application/json", body: body)
    }
}
