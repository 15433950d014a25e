// Two networking layers written the way the v2b course apps wrote theirs, sessions hidden inside: tests cannot hand
// them a session, only `install()` an emulator (CourseAppInstallTests).
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

enum OpenMarketAPI {
    static let baseURL = "https://openmarket.yagom-academy.kr"
}

struct ProductListResponse: Decodable {
    let pageNo: Int
    let totalCount: Int
    let hasNext: Bool
    let pages: [ProductSummary]
}

struct ProductSummary: Decodable {
    let id: Int
    let vendorName: String
    let name: String
    let price: Double
    let discountedPrice: Double
    let stock: Int

    // v2b's list mixes camelCase (page keys, vendorName) with snake_case product keys.
    private enum CodingKeys: String, CodingKey {
        case id, vendorName, name, price, stock
        case discountedPrice = "discounted_price"
    }
}

struct ProductDetailResponse: Decodable {
    let id: Int
    let name: String
    let description: String
    let images: [ProductDetailImage]
    let vendors: ProductVendor
}

struct ProductDetailImage: Decodable {
    let url: String
}

struct ProductVendor: Decodable {
    let id: Int
    let name: String
}

struct ProductRegistration: Encodable {
    let name: String
    let description: String
    let price: Double
    let currency: String
    let stock: Int
    let secret: String
}

enum NetworkError: Error {
    case transport(URLError.Code)
    case badStatus(Int)
    case decodingFailed
}

/// The singleton most course apps had: `URLSession.shared`, completion handlers, a vendor's identifier and secret
/// as constants, the multipart body assembled by hand.
final class NetworkManager: Sendable {
    static let shared = NetworkManager()

    private let session = URLSession.shared
    private let identifier = "demo-vendor-identifier"
    private let secret = "demo-vendor-secret"

    private init() {}

    func fetchProductList(
        pageNumber: Int, itemsPerPage: Int,
        completion: @escaping @Sendable (Result<ProductListResponse, NetworkError>) -> Void
    ) {
        let query = "page_no=\(pageNumber)&items_per_page=\(itemsPerPage)"
        let url = URL(string: OpenMarketAPI.baseURL + "/api/products?" + query)!
        request(URLRequest(url: url), expecting: 200, completion: completion)
    }

    func fetchProductDetail(
        id: Int, completion: @escaping @Sendable (Result<ProductDetailResponse, NetworkError>) -> Void
    ) {
        let url = URL(string: OpenMarketAPI.baseURL + "/api/products/\(id)")!
        request(URLRequest(url: url), expecting: 200, completion: completion)
    }

    func registerProduct(
        name: String, description: String, price: Double, stock: Int, image: Data,
        completion: @escaping @Sendable (Result<ProductDetailResponse, NetworkError>) -> Void
    ) {
        let params = ProductRegistration(
            name: name, description: description, price: price, currency: "KRW", stock: stock, secret: secret)
        let boundary = UUID().uuidString
        var body = Data()
        body.appendString("--\(boundary)\r\n")
        body.appendString("Content-Disposition: form-data; name=\"params\"\r\n")
        body.appendString("Content-Type: application/json\r\n\r\n")
        body.append((try? JSONEncoder().encode(params)) ?? Data())
        body.appendString("\r\n--\(boundary)\r\n")
        body.appendString("Content-Disposition: form-data; name=\"images\"; filename=\"\(name).png\"\r\n")
        body.appendString("Content-Type: image/png\r\n\r\n")
        body.append(image)
        body.appendString("\r\n--\(boundary)--\r\n")

        var request = URLRequest(url: URL(string: OpenMarketAPI.baseURL + "/api/products")!)
        request.httpMethod = "POST"
        request.setValue(identifier, forHTTPHeaderField: "identifier")
        request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        self.request(request, expecting: 201, completion: completion)
    }

    private func request<T: Decodable & Sendable>(
        _ request: URLRequest, expecting status: Int, completion: @escaping @Sendable (Result<T, NetworkError>) -> Void
    ) {
        session.dataTask(with: request) { data, response, error in
            if let error {
                completion(.failure(.transport((error as? URLError)?.code ?? .unknown)))
                return
            }
            guard let response = response as? HTTPURLResponse, response.statusCode == status else {
                completion(.failure(.badStatus((response as? HTTPURLResponse)?.statusCode ?? 0)))
                return
            }
            guard let data, let decoded = try? JSONDecoder().decode(T.self, from: data) else {
                completion(.failure(.decodingFailed))
                return
            }
            completion(.success(decoded))
        }.resume()
    }
}

private extension Data {
    mutating func appendString(_ string: String) {
        append(Data(string.utf8))
    }
}

/// The other style: a service that builds its own session from `.default` in its init and uses async/await.
final class ProductService: Sendable {
    private let session: URLSession
    private let baseURL: String

    init(baseURL: String = OpenMarketAPI.baseURL) {
        session = URLSession(configuration: .default)
        self.baseURL = baseURL
    }

    func products(page: Int, itemsPerPage: Int) async throws -> ProductListResponse {
        try await get("/api/products?page_no=\(page)&items_per_page=\(itemsPerPage)")
    }

    func product(id: Int) async throws -> ProductDetailResponse {
        try await get("/api/products/\(id)")
    }

    private func get<T: Decodable>(_ path: String) async throws -> T {
        let (data, response) = try await session.data(from: URL(string: baseURL + path)!)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw NetworkError.badStatus((response as? HTTPURLResponse)?.statusCode ?? 0)
        }
        return try JSONDecoder().decode(T.self, from: data)
    }
}
