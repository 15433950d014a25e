import OpenMarketHTTPCore
import OpenMarketMultipart
import OpenMarketStore
import OpenMarketWireFormat

/// The v1 endpoints (Vapor on Heroku, 2021). There are no vendors: the password an item is registered with
/// guards its PATCH and DELETE, and a wrong one answers 404, as the real server did. A class: every route holds
/// it, and a struct of its size was copied on every request.
final class VaporAPI: ListAnswering {
    static let itemsPerPage = 20
    /// The last page number whose offset fits in an `Int`.
    static let lastPageNumber = Int.max / itemsPerPage
    /// v1 had no health check; its first list page answers 200 even with no items.
    static let healthCheckPath = "/items/1"

    /// v1 accepted any currency that is not empty.
    static func rules(strict: Bool) -> ProductRules {
        ProductRules(currencies: nil, strict: strict)
    }

    let context: APIContext
    let deletion: VaporDeletion
    let imageKeys: any ImageKeyLayout
    let multipartEnding: MultipartEnding
    private let rules: ProductRules

    init(context: APIContext, deletion: VaporDeletion, imageKeys: any ImageKeyLayout, multipartEnding: MultipartEnding) {
        self.context = context
        self.deletion = deletion
        self.imageKeys = imageKeys
        self.multipartEnding = multipartEnding
        rules = Self.rules(strict: context.strict)
    }

    /// The v1 endpoints, the same on v1a and v1b; DELETE follows the generation's `VaporDeletion`.
    func register(on router: inout APIRoutes) {
        router.on(.get, "/items/{page}", list)
        router.on(.get, "/item/{id}", detail)
        router.on(.post, "/item", create)
        router.on(.patch, "/item/{id}", patch)
        router.on(.delete, "/item/{id}", delete)
    }

    /// `GET /items/{page}`: 20 items a page, oldest first; a page past the end has no items.
    func list(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        try context.cache.list(for: request, isFirstPage: { parameters["page"] == "1" }, answerer: self)
    }

    /// The page the path's last segment names (the route is `/items/{page}`).
    func answerList(_ request: Request) throws -> Response {
        let text = request.pathSegments.last ?? ""
        guard let number = Int(text), (1...Self.lastPageNumber).contains(number) else {
            throw APIError.invalidPageNumber(got: text)
        }
        let page = try context.store.page(
            offset: (number - 1) * Self.itemsPerPage, limit: Self.itemsPerPage, search: nil, order: .oldestFirst)
        return VaporResponse.json(items(for: request).page(number, items: page.products))
    }

    /// `GET /item/{id}`.
    func detail(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        try context.cache.response(for: request) { [self] in
            VaporResponse.json(items(for: request).detail(try existingItem(try Self.itemID(parameters["id"]))))
        }
    }

    /// `POST /item`: text fields and at least one image, as multipart or JSON; 200 with the new item.
    func create(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let body = try VaporItemBody(request: request, multipartEnding: multipartEnding)
        let form = try body.form()
        let draft = try form.draft()
        let password = try Self.present(password: form.text("password"))
        let item = try ProductCreation(context: context, rules: rules, layout: imageKeys)
            .create(draft, images: body.imageUploads, vendorID: nil, password: password, productSecret: nil)
        return VaporResponse.json(items(for: request).detail(item))
    }

    /// `PATCH /item/{id}`: changes the fields it carries; image parts replace all images. With only the password
    /// it changes nothing and answers the item (apps used that to check a password).
    func patch(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let id = try Self.itemID(parameters["id"])
        let body = try VaporItemBody(request: request, multipartEnding: multipartEnding)
        let form = try body.form()
        let item = try ownedItem(id, password: form.text("password"))
        var patch = try form.patch()
        try rules.validate(patch.applied(to: item))
        let uploads = try body.imageUploads()
        if !uploads.isEmpty {
            try rules.validate(uploads)
            patch.replacementImages = imageKeys.newImages(uploads, vendorID: nil, registeredAt: context.clock.now())
        }
        guard let updated = try context.store.patchProduct(id: id, patch) else {
            throw APIError.productNotFound(id: id)
        }
        return VaporResponse.json(items(for: request).detail(updated))
    }

    /// `DELETE /item/{id}`: a JSON body with the password, whatever its Content-Type says; the generation's
    /// `VaporDeletion` checks the rest of the body and answers.
    func delete(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let id = try Self.itemID(parameters["id"])
        let body = try RequestJSON.object(request.body, source: "the request body", example: #"{"password":"..."}"#)
        try deletion.checkBody(body, itemID: id)
        _ = try ownedItem(id, password: body.string("password"))
        guard let deleted = try context.store.deleteProduct(id: id) else {
            throw APIError.productNotFound(id: id)
        }
        return VaporResponse.json(deletion.answer(deleted, items: items(for: request)))
    }

    /// 400 without a password; 404 for an unknown item and for a wrong password alike.
    private func ownedItem(_ id: Int64, password: String?) throws -> Product {
        let password = try Self.present(password: password)
        let item = try existingItem(id)
        guard item.password == password else {
            throw APIError.wrongPassword(productID: id)
        }
        return item
    }

    private func existingItem(_ id: Int64) throws -> Product {
        guard let item = try context.store.product(id: id) else {
            throw APIError.productNotFound(id: id)
        }
        return item
    }

    private func items(for request: Request) -> VaporItemWriter {
        VaporItemWriter(base: BaseURL(request: request, publicURL: context.publicURL))
    }

    private static func present(password: String?) throws(APIError) -> String {
        guard let password else {
            throw .missingPassword
        }
        return password
    }

    private static func itemID(_ text: String?) throws(APIError) -> Int64 {
        guard let text, let id = Int64(text), id > 0 else {
            throw .invalidProductID(got: text ?? "")
        }
        return id
    }
}
