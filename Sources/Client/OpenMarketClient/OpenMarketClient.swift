// URLSession is in the public API: its module is imported public, FoundationNetworking on Linux and Foundation on
// Apple platforms (scripts/check-portability holds every file to this).
#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// An async client for the v2b Open Market API.
///
/// Reads need only a base URL; writes (create, update, delete) use the ``VendorCredentials``
/// of the configuration. Every call throws an ``OpenMarketError``.
public struct OpenMarketClient: Sendable {
    /// Where the client connects and whose vendor account it writes with.
    public let configuration: OpenMarketConfiguration
    let transport: HTTPTransport

    /// Creates a client; pass a `session` of your own to control caching, timeouts or, in tests,
    /// the `URLProtocol` that answers.
    public init(configuration: OpenMarketConfiguration, session: URLSession = .shared) {
        self.configuration = configuration
        transport = HTTPTransport(session: session, baseURL: configuration.baseURL)
    }

    /// The emulator's control plane under `/__admin`: reset, health, the request journal, faults and latency.
    /// The real Open Market server has none of it.
    public var admin: OpenMarketAdmin {
        OpenMarketAdmin(transport: transport, token: configuration.adminToken)
    }

    /// Asks `GET /healthChecker` whether the server is up.
    /// - Returns: The server's status text, `"OK"` when it is healthy.
    public func healthCheck() async throws(OpenMarketError) -> String {
        let response = try await transport.send(APIRequest(method: .get, path: "/healthChecker", successStatuses: [200]))
        return try JSONCoding.decode(String.self, from: response.body)
    }

    /// Fetches one page of the product list, newest product first.
    /// - Parameters:
    ///   - number: The 1-based page number.
    ///   - itemsPerPage: The page size.
    ///   - searchValue: Keeps only products whose name or vendor name contains this text
    ///     (ignoring ASCII case); `nil` or empty lists every product.
    /// - Returns: The page, or `nil` for a page after the last one (the server answers those
    ///   with `204 No Content`). Walk pages until ``ProductPage/hasNext`` is `false`.
    public func productPage(
        number: Int = 1, itemsPerPage: Int = 20, searchValue: String? = nil
    ) async throws(OpenMarketError) -> ProductPage? {
        var query = [(name: "page_no", value: String(number)), (name: "items_per_page", value: String(itemsPerPage))]
        if let searchValue {
            query.append((name: "search_value", value: searchValue))
        }
        let request = APIRequest(method: .get, path: "/api/products", query: query, successStatuses: [200, 204])
        let response = try await transport.send(request)
        guard response.status == 200 else { return nil }
        return try JSONCoding.decode(ProductPage.self, from: response.body)
    }

    /// Fetches a product with its images and vendor.
    public func productDetail(id: Int) async throws(OpenMarketError) -> ProductDetail {
        let response = try await transport.send(APIRequest(method: .get, path: "/api/products/\(id)", successStatuses: [200]))
        return try JSONCoding.decode(ProductDetail.self, from: response.body)
    }

    /// Registers a product for the configured vendor (`POST /api/products`, a multipart body).
    /// - Returns: The new product as the server stored it.
    public func createProduct(_ product: NewProduct) async throws(OpenMarketError) -> ProductDetail {
        let credentials = try requiredCredentials()
        let params = try JSONCoding.encode(ProductFieldsBody(creating: product, secret: credentials.secret))
        let images = product.images.map {
            MultipartFormData.Part(name: "images", filename: $0.filename, contentType: $0.mediaType, content: $0.data)
        }
        let form = MultipartFormData(
            parts: [MultipartFormData.Part(name: "params", contentType: "application/json", content: params)] + images)
        let body = (content: form.encoded(), type: form.contentType)
        return try await detail(from: writeRequest(.post, "/api/products", credentials, body: body, successStatus: 201))
    }

    /// Changes some fields of one of the configured vendor's products (`PATCH`); the others stay.
    /// - Returns: The product after the change.
    public func updateProduct(id: Int, changes: ProductChanges) async throws(OpenMarketError) -> ProductDetail {
        let credentials = try requiredCredentials()
        let json = try JSONCoding.encode(ProductFieldsBody(fields: changes, secret: credentials.secret))
        let body = (content: json, type: "application/json")
        return try await detail(from: writeRequest(.patch, "/api/products/\(id)", credentials, body: body, successStatus: 202))
    }

    /// Looks up the path that deletes a product (`POST /api/products/{id}/archived`).
    /// - Returns: A path like `/api/products/<token>`, for ``deleteProduct(atPath:)``.
    public func deletionPath(forProductID id: Int) async throws(OpenMarketError) -> String {
        let credentials = try requiredCredentials()
        let body = (content: try JSONCoding.encode(SecretRequest(secret: credentials.secret)), type: "application/json")
        let response = try await transport.send(
            writeRequest(.post, "/api/products/\(id)/archived", credentials, body: body, successStatus: 200))
        let path = String(decoding: response.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard PercentEncoding.isAbsolutePath(path) else {
            throw .decoding(DecodingFailure(
                keyPath: "", reason: "Expected a plain-text path such as /api/products/<token>, got \"\(path.prefix(100))\""))
        }
        return path
    }

    /// Deletes a product through the path ``deletionPath(forProductID:)`` returned.
    /// - Returns: The product as it was before it was deleted.
    public func deleteProduct(atPath path: String) async throws(OpenMarketError) -> ProductDetail {
        let credentials = try requiredCredentials()
        guard PercentEncoding.isAbsolutePath(path) else {
            throw .invalidRequest(reason: "\"\(path)\" is not an absolute, percent-encoded path")
        }
        return try await detail(from: writeRequest(.delete, path, credentials, body: nil, successStatus: 200))
    }

    /// Deletes one of the configured vendor's products: looks up its deletion path, then deletes.
    /// - Returns: The product as it was before it was deleted.
    public func deleteProduct(id: Int) async throws(OpenMarketError) -> ProductDetail {
        try await deleteProduct(atPath: deletionPath(forProductID: id))
    }

    private func requiredCredentials() throws(OpenMarketError) -> VendorCredentials {
        guard let credentials = configuration.credentials else { throw .missingCredentials }
        return credentials
    }

    /// Write calls carry the vendor's `identifier` header; the secret travels in their bodies.
    private func writeRequest(
        _ method: APIRequest.Method, _ path: String, _ credentials: VendorCredentials,
        body: (content: Data, type: String)?, successStatus: Int
    ) -> APIRequest {
        var headers = [(name: "identifier", value: credentials.identifier)]
        if let body {
            headers.append((name: "Content-Type", value: body.type))
        }
        return APIRequest(method: method, path: path, headers: headers, body: body?.content, successStatuses: [successStatus])
    }

    private func detail(from request: APIRequest) async throws(OpenMarketError) -> ProductDetail {
        let response = try await transport.send(request)
        return try JSONCoding.decode(ProductDetail.self, from: response.body)
    }
}
