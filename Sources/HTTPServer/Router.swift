/// Answers a request from the route that matches its method and path.
public typealias RouteHandler = @Sendable (Request, RouteParameters) throws -> Response

/// Method plus path-pattern routing. An unknown path answers 404; a known path with another method answers 405
/// with `Allow`; HEAD is served by the GET route. Nothing a handler throws escapes: errors become responses.
public struct Router: Sendable {
    private struct Route: Sendable {
        let method: String
        let pattern: PathPattern
        let handler: RouteHandler
    }

    private var routes: [Route] = []
    private let renderError: ErrorRenderer
    private let classifyError: ErrorClassifier

    /// `classifyError` gives the answer to an error that is not an `HTTPError`; what it does not know is a 500.
    public init(renderError: @escaping ErrorRenderer, classifyError: @escaping ErrorClassifier = { _ in nil }) {
        self.renderError = renderError
        self.classifyError = classifyError
    }

    public mutating func on(_ method: String, _ pattern: String, _ handler: @escaping RouteHandler) {
        routes.append(Route(method: method, pattern: PathPattern(pattern), handler: handler))
    }

    public func respond(to request: Request) -> Response {
        do {
            return try dispatch(request)
        } catch let error as HTTPError {
            return render(error)
        } catch {
            return render(classifyError(error) ?? HTTPError(status: 500, message: "internal error: \(error)"))
        }
    }

    public func render(_ error: HTTPError) -> Response {
        var response = renderError(error)
        for field in error.headers {
            response.headers.add(name: field.name, value: field.value)
        }
        return response
    }

    private func dispatch(_ request: Request) throws -> Response {
        let path = RequestPath.segments(request.path)
        let method = request.method == "HEAD" ? "GET" : request.method
        var allowed: [String] = []
        for route in routes {
            guard let parameters = route.pattern.match(path) else { continue }
            if route.method == method {
                return try route.handler(request, parameters)
            }
            if !allowed.contains(route.method) {
                allowed.append(route.method)
            }
        }
        guard !allowed.isEmpty else {
            throw HTTPError(status: 404, message: "no such path: \(request.method) \(request.path)")
        }
        if allowed.contains("GET") {
            allowed.append("HEAD")
        }
        let allow = allowed.joined(separator: ", ")
        throw HTTPError(
            status: 405,
            message: "\(request.method) is not allowed on \(request.path); use \(allow)",
            headers: HTTPHeaders([("Allow", allow)]))
    }
}
