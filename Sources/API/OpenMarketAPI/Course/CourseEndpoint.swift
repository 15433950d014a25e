package import OpenMarketHTTPCore
import OpenMarketWireFormat

/// What an API request is to the course the apps were written in: which of the generation's endpoints it reached,
/// with the ids and keys in its path. Class mode reads a team's way through the course from these.
package enum CourseEndpoint: Sendable, Equatable {
    /// v2 `GET /healthChecker`.
    case healthCheck
    /// A list page: v2 `page_no` (nil when absent or not a number), v1 `/items/{page}`; `searches` when v2's
    /// `search_value` is not empty.
    case list(page: Int?, searches: Bool)
    case detail(id: Int64)
    case create
    case edit(id: Int64)
    /// v2a `POST /api/products/{id}/secret`.
    case revealSecret(id: Int64)
    /// v2b `POST /api/products/{id}/archived`.
    case archive(id: Int64)
    /// v2a `DELETE /api/products/{id}/{secret}` (`key` the secret), v2b `DELETE /api/products/{token}` (`key` the
    /// token, no id), v1 `DELETE /item/{id}` (`key` the id as written).
    case delete(id: Int64?, key: String)
    /// A GET of an image or thumbnail under the generation's image paths.
    case image
}

extension Generation {
    /// How this generation's apps delete a product.
    package var deleteFlow: DeleteFlow {
        switch dialect {
        case .spring(let spring): spring.deleteFlow
        case .vapor: .itemPassword
        }
    }

    /// The endpoint `request` reaches, as the generation's routes would match it (empty path segments dropped,
    /// percent-decoded); nil for a path the generation has no endpoint at.
    package func courseEndpoint(of request: Request) -> CourseEndpoint? {
        let segments = request.pathSegments
        if request.method == .get, let first = segments.first, segments.count > 1, imageKeys.pathPrefixes.contains(first) {
            return .image
        }
        switch family {
        case .spring: return springEndpoint(request.method, segments, request.queryParameters)
        case .vapor: return vaporEndpoint(request.method, segments)
        }
    }

    private func springEndpoint(_ method: HTTPMethod, _ segments: [String], _ query: QueryParameters) -> CourseEndpoint? {
        if method == .get, segments == [String(SpringAPI.healthCheckPath.dropFirst())] { return .healthCheck }
        guard segments.count >= 2, segments[0] == "api", segments[1] == "products" else { return nil }
        let id = segments.count > 2 ? Int64(segments[2]) : nil
        switch (method, segments.count) {
        case (.get, 2):
            return .list(page: query["page_no"].flatMap { Int($0) }, searches: !(query["search_value"] ?? "").isEmpty)
        case (.post, 2): return .create
        case (.get, 3): return id.map { .detail(id: $0) }
        case (.patch, 3): return id.map { .edit(id: $0) }
        case (.post, 4):
            guard let id else { return nil }
            switch (deleteFlow, segments[3]) {
            case (.productSecret, "secret"): return .revealSecret(id: id)
            case (.archivedURI, "archived"): return .archive(id: id)
            default: return nil
            }
        case (.delete, 3) where deleteFlow == .archivedURI: return .delete(id: nil, key: segments[2])
        case (.delete, 4) where deleteFlow == .productSecret: return id.map { .delete(id: $0, key: segments[3]) }
        default: return nil
        }
    }

    private func vaporEndpoint(_ method: HTTPMethod, _ segments: [String]) -> CourseEndpoint? {
        switch (method, segments.first, segments.count) {
        case (.get, "items", 2): return .list(page: Int(segments[1]), searches: false)
        case (.post, "item", 1): return .create
        case (_, "item", 2):
            guard let id = Int64(segments[1]) else { return nil }
            switch method {
            case .get: return .detail(id: id)
            case .patch: return .edit(id: id)
            case .delete: return .delete(id: id, key: segments[1])
            default: return nil
            }
        default: return nil
        }
    }
}
