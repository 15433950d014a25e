/// Answers a request from the route that matches its method and path.
public typealias RouteHandler = @Sendable (Request, RouteParameters) throws -> Response

/// Method plus path-pattern routing. An unknown path answers 404; a known path with another method answers 405
/// with `Allow`; HEAD is served by the GET route. Nothing a handler throws escapes: errors become responses.
public struct Router: Sendable {
    private struct Route: Sendable {
        let method: HTTPMethod
        let pattern: PathPattern
        let handler: RouteHandler
    }

    private var routes: [Route] = []
    private let renderError: ErrorRenderer
    private let reportServerError: @Sendable (Request, any Error) -> Void

    /// `reportServerError` hears about every error that is the server's fault rather than the client's: one that
    /// answers 5xx, and one that is not an `HTTPResponseError` at all (a bug), which answers 500.
    public init(
        renderError: @escaping ErrorRenderer,
        reportServerError: @escaping @Sendable (Request, any Error) -> Void = Router.logToStandardError
    ) {
        self.renderError = renderError
        self.reportServerError = reportServerError
    }

    public mutating func on(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping RouteHandler) {
        routes.append(Route(method: method, pattern: PathPattern(pattern), handler: handler))
    }

    public func respond(to request: Request) -> Response {
        do {
            return try dispatch(request)
        } catch let error as any HTTPResponseError {
            if error.status.code >= 500 {
                reportServerError(request, error)
            }
            return render(HTTPError(error))
        } catch {
            reportServerError(request, error)
            return render(HTTPError(status: .internalServerError, message: "internal error: \(error)"))
        }
    }

    public func render(_ error: HTTPError) -> Response {
        var response = renderError(error)
        response.errorMessage = error.message
        for field in error.headers {
            response.headers.add(name: field.name, value: field.value)
        }
        return response
    }

    /// Writes `<time> error <method> <path> <status>: <error>` to standard error, where the access log goes too.
    public static func logToStandardError(_ request: Request, _ error: any Error) {
        let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
        LogSink.standardError.appendLine { line in
            line.appendTimestamp()
            line.appendText(" error ")
            line.appendClientText(request.method.rawValue)
            line.appendText(" ")
            line.appendClientText(request.path)
            line.appendText(" ")
            line.appendNumber(status.code)
            line.appendText(": ")
            line.appendClientText("\(error)")
        }
    }

    private func dispatch(_ request: Request) throws -> Response {
        let path = RequestPath.segments(request.path)
        let method = request.method == .head ? .get : request.method
        var allowed: [HTTPMethod] = []
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
            throw HTTPError(status: .notFound, message: "no such path: \(request.method) \(request.path)")
        }
        if allowed.contains(.get) {
            allowed.append(.head)
        }
        let allow = allowed.map(\.rawValue).joined(separator: ", ")
        throw HTTPError(
            status: .methodNotAllowed,
            message: "\(request.method) is not allowed on \(request.path); use \(allow)",
            headers: HTTPHeaders([("Allow", allow)]))
    }
}
