import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The app's networking layer: the real server's base URL, an injected session, completion handlers for the list
/// screen and async calls for the rest, as the course apps had them.
public struct MarketNetworkManager: Sendable {
    public static let baseURL = URL(string: "https://openmarket.yagom-academy.kr")!

    private let session: any URLSessionProtocol
    private let identifier: String
    private let secret: String

    public init(session: any URLSessionProtocol = URLSession.shared, identifier: String, secret: String) {
        self.session = session
        self.identifier = identifier
        self.secret = secret
    }

    public func fetchProductList(
        pageNo: Int, itemsPerPage: Int, completion: @escaping @Sendable (Result<ProductList, NetworkError>) -> Void
    ) {
        var components = URLComponents(url: Self.baseURL.appendingPathComponent("api/products"), resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "page_no", value: String(pageNo)),
            URLQueryItem(name: "items_per_page", value: String(itemsPerPage)),
        ]
        let task = session.dataTask(with: URLRequest(url: components.url!)) { data, response, error in
            completion(Self.decode(ProductList.self, data: data, response: response, error: error, expected: 200))
        }
        task.resume()
    }

    public func productDetail(id: Int) async throws(NetworkError) -> Product {
        try await send(URLRequest(url: Self.baseURL.appendingPathComponent("api/products/\(id)")), expected: 200)
    }

    public func registerProduct(_ params: ProductParams, images: [Data]) async throws(NetworkError) -> Product {
        var form = MultipartForm()
        form.appendJSON(name: "params", json: (try? Self.encoder.encode(params)) ?? Data())
        for (index, image) in images.enumerated() {
            form.appendImage(name: "images", filename: "image\(index).png", mimeType: "image/png", data: image)
        }
        var request = URLRequest(url: Self.baseURL.appendingPathComponent("api/products"))
        request.httpMethod = "POST"
        request.setValue(identifier, forHTTPHeaderField: "identifier")
        request.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
        request.httpBody = form.finished()
        return try await send(request, expected: 201)
    }

    public func updateStock(id: Int, stock: Int) async throws(NetworkError) -> Product {
        var request = URLRequest(url: Self.baseURL.appendingPathComponent("api/products/\(id)"))
        request.httpMethod = "PATCH"
        request.setValue(identifier, forHTTPHeaderField: "identifier")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try? JSONSerialization.data(withJSONObject: ["stock": stock, "secret": secret])
        return try await send(request, expected: 202)  // v2b answers a PATCH with 202 Accepted
    }

    private func send<Value: Decodable>(_ request: URLRequest, expected: Int) async throws(NetworkError) -> Value {
        do {
            let (data, response) = try await session.data(for: request, delegate: nil)
            return try Self.decode(Value.self, data: data, response: response, error: nil, expected: expected).get()
        } catch let error as NetworkError {
            throw error
        } catch {
            throw .transport((error as? URLError)?.code ?? .unknown)
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }()

    private static func decode<Value: Decodable>(
        _ type: Value.Type, data: Data?, response: URLResponse?, error: (any Error)?, expected: Int
    ) -> Result<Value, NetworkError> {
        if let error {
            return .failure(.transport((error as? URLError)?.code ?? .unknown))
        }
        guard let http = response as? HTTPURLResponse else { return .failure(.notAnHTTPResponse) }
        let data = data ?? Data()
        guard http.statusCode == expected else {
            let message = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["message"] as? String
            return .failure(.status(http.statusCode, message: message))
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return .success(try decoder.decode(Value.self, from: data))
        } catch {
            return .failure(.decoding("\(error)"))
        }
    }
}
