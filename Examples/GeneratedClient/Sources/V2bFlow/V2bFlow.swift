import Foundation
import OpenAPIRuntime
import OpenAPIURLSession

/// The life of one product, as an app would drive it, through the client generated from Schema/openapi/v2b.yaml.
/// The emulator's demo vendor owns it.
struct V2bFlow {
    static let identifier = "demo-vendor-identifier"
    static let secret = "demo-vendor-secret"

    let client: Client
    /// Unique per run, so the search finds this run's product only.
    let name = "generated-client-\(UInt32.random(in: .min ... .max))"

    init(serverURL: URL) {
        client = Client(serverURL: serverURL, transport: URLSessionTransport())
    }

    func run() async throws {
        let created = try await create()
        try await findInList(created.id)
        try await search(created.id)
        let detail = try await detail(created.id)
        try await download(detail.images[0].url, expecting: SampleImages.png)
        try await download(detail.images[1].thumbnailUrl, expecting: SampleImages.gif)
        try await patch(created.id)
        let token = try await archive(created.id)
        try await delete(token, id: created.id)
        try await typedErrors(deleted: created.id)
    }

    private func create() async throws -> Components.Schemas.ProductDetail {
        let newProduct = Components.Schemas.NewProduct(
            name: name, description: "made by the generated client", price: 1000, currency: .krw, stock: 3,
            secret: Self.secret)
        let output = try await client.createProduct(
            headers: .init(identifier: Self.identifier),
            body: .multipartForm([
                .params(.init(payload: .init(body: newProduct))),
                .images(.init(payload: .init(body: HTTPBody(SampleImages.png)), filename: "first.png")),
                .images(.init(payload: .init(body: HTTPBody(SampleImages.gif)), filename: "second.gif")),
            ]))
        guard case .created(let created) = output else { throw FlowFailure("create", output) }
        let product = try created.body.json
        try expect(product.name == name && product.images.count == 2, "create: the product with two images", product)
        print("created product \(product.id) with \(product.images.count) images")
        return product
    }

    private func findInList(_ id: Int64) async throws {
        let output = try await client.listProducts(query: .init(pageNo: 1, itemsPerPage: 20))
        guard case .ok(let ok) = output else { throw FlowFailure("list", output) }
        let page = try ok.body.json
        try expect(page.pages.first?.id == id, "list: the new product first", page.pages.map(\.id))
        print("listed: newest of \(page.totalCount)")
    }

    private func search(_ id: Int64) async throws {
        let output = try await client.listProducts(query: .init(searchValue: name))
        guard case .ok(let ok) = output else { throw FlowFailure("search", output) }
        let page = try ok.body.json
        try expect(page.totalCount == 1 && page.pages.map(\.id) == [id], "search: exactly the new product", page)
        print("searched \"\(name)\": 1 match")
    }

    private func detail(_ id: Int64) async throws -> Components.Schemas.ProductDetail {
        let output = try await client.getProduct(path: .init(id: id))
        guard case .ok(let ok) = output else { throw FlowFailure("detail", output) }
        let product = try ok.body.json
        try expect(product.images.count == 2 && product.vendors.name == "demo", "detail: images and vendor", product)
        print("detail: \(product.images.count) images, vendor \(product.vendors.name)")
        return product
    }

    /// Downloads an image URL the server gave, through the `getImage` operation.
    private func download(_ url: String, expecting bytes: [UInt8]) async throws {
        let segments = URL(string: url)?.pathComponents ?? []
        try expect(segments.count == 5 && segments[1] == "training-resources", "image URL", url)
        let output = try await client.getImage(path: .init(vendorId: segments[2], day: segments[3], file: segments[4]))
        guard case .ok(let ok) = output else { throw FlowFailure("image \(url)", output) }
        let body: HTTPBody = switch ok.body {
        case .jpeg(let body), .png(let body), .imageGif(let body), .imageWebp(let body): body
        }
        let downloaded = try await [UInt8](collecting: body, upTo: 1 << 20)
        try expect(downloaded == bytes && ok.headers.contentLength == bytes.count, "image \(url)", downloaded.count)
        print("downloaded \(segments[4]): \(downloaded.count) bytes")
    }

    private func patch(_ id: Int64) async throws {
        let output = try await client.patchProduct(
            path: .init(id: id), headers: .init(identifier: Self.identifier),
            body: .json(.init(price: 2000, discountedPrice: 500, secret: Self.secret)))
        guard case .accepted(let accepted) = output else { throw FlowFailure("patch", output) }
        let product = try accepted.body.json
        try expect(product.price == 2000 && product.discountedPrice.value1 == 500, "patch: the new price", product)
        print("patched: price \(product.price), discount \(product.discountedPrice.value1)")
    }

    /// Asks for the delete URI and answers its last segment, the token.
    private func archive(_ id: Int64) async throws -> String {
        let output = try await client.archiveProduct(
            path: .init(id: id), headers: .init(identifier: Self.identifier), body: .json(.init(secret: Self.secret)))
        guard case .ok(let ok) = output else { throw FlowFailure("archived", output) }
        let uri = try await String(collecting: try ok.body.plainText, upTo: 4096)
        let prefix = "/api/products/"
        try expect(uri.hasPrefix(prefix) && uri.count > prefix.count, "archived: a delete URI", uri)
        print("archived: DELETE \(uri)")
        return String(uri.dropFirst(prefix.count))
    }

    private func delete(_ token: String, id: Int64) async throws {
        let output = try await client.deleteProduct(path: .init(id: token), headers: .init(identifier: Self.identifier))
        guard case .ok(let ok) = output else { throw FlowFailure("delete", output) }
        let product = try ok.body.json
        try expect(product.id == id, "delete: the deleted product", product)
        print("deleted product \(product.id)")
    }

    /// The documented 4xx answers arrive as typed cases with the error body.
    private func typedErrors(deleted id: Int64) async throws {
        let missing = try await client.getProduct(path: .init(id: id))
        guard case .notFound(let notFound) = missing else { throw FlowFailure("detail after delete", missing) }
        let error = try notFound.body.json
        try expect(error.code == 404, "detail after delete: code 404", error)
        print("detail after delete: 404 \"\(error.message)\"")

        let stranger = try await client.createProduct(
            headers: .init(identifier: "nobody"),
            body: .multipartForm([
                .params(.init(payload: .init(body: .init(name: name, price: 1, currency: .usd, secret: "wrong")))),
                .images(.init(payload: .init(body: HTTPBody(SampleImages.png)), filename: "first.png")),
            ]))
        guard case .unauthorized(let unauthorized) = stranger else { throw FlowFailure("unknown vendor", stranger) }
        print("unknown vendor: 401 \"\(try unauthorized.body.json.message)\"")
    }
}
