import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One call to the API before it is sent: what to ask and which answers count as success.
struct APIRequest: Sendable {
    enum Method: String, Sendable {
        case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"
    }

    var method: Method
    /// A percent-encoded absolute path, appended to the base URL's path.
    var path: String
    var query: [(name: String, value: String)] = []
    var headers: [(name: String, value: String)] = []
    var body: Data?
    var successStatuses: Set<Int>

    /// Builds the `URLRequest` against `baseURL`, keeping the base URL's own path as a prefix.
    func urlRequest(baseURL: URL) throws(OpenMarketError) -> URLRequest {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
            throw .invalidRequest(reason: "The base URL \(baseURL) cannot be split into components")
        }
        var basePath = Substring(components.percentEncodedPath)
        while basePath.hasSuffix("/") {
            basePath = basePath.dropLast()
        }
        components.percentEncodedPath = basePath + path
        components.percentEncodedQuery = query.isEmpty ? nil : query.map {
            PercentEncoding.queryComponent($0.name) + "=" + PercentEncoding.queryComponent($0.value)
        }.joined(separator: "&")
        guard let url = components.url else {
            throw .invalidRequest(reason: "No URL can be made from \(baseURL) and the path \(path)")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        for header in headers {
            guard !header.value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw .invalidRequest(reason: "The \(header.name) header value contains a control character")
            }
            request.setValue(header.value, forHTTPHeaderField: header.name)
        }
        request.httpBody = body
        return request
    }
}
