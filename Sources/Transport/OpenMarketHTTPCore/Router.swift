/// Answers a request from the route that matches its method and path.
package typealias RouteHandler = @Sendable (Request, RouteParameters) throws -> Response

/// Method plus path-pattern routing. An unknown path answers 404; a known path with another method answers 405
/// with `Allow`; HEAD is served by the GET route. Nothing a handler throws escapes: errors become responses.
package struct Router: Sendable {
    private struct Route: Sendable {
        let signature: RouteSignature
        let pattern: PathPattern
        let handler: RouteHandler
    }

    private struct LiteralRoute {
        let method: HTTPMethod
        let path: String
        let index: Int
    }

    private var routes: [Route] = []
    /// Routes without parameters, with their path written plainly (`/a/b`), by that path's length in bytes. A
    /// request whose raw path is exactly that reaches one without splitting and decoding its path, and finds the few
    /// of its length by one index instead of hashing its path. Only routes that no earlier route shadows are here, so
    /// the answer is the one the ordered search gives.
    private var literalRoutes: [[LiteralRoute]] = []
    /// Asked for a GET's answer before its path is split and matched (a response cache's fresh entry for the same
    /// target); nil sends the request on to its route.
    private var earlyAnswer: (@Sendable (Request) -> Response?)?
    private let renderError: ErrorRenderer
    private let reportServerError: @Sendable (Request, any Error) -> Void

    /// `reportServerError` hears about every error that is the server's fault rather than the client's: one that
    /// answers 5xx, and one that is not an `HTTPResponseError` at all (a bug), which answers 500.
    package init(
        renderError: @escaping ErrorRenderer,
        reportServerError: @escaping @Sendable (Request, any Error) -> Void = { Router.logToStandardError($0, $1) }
    ) {
        self.renderError = renderError
        self.reportServerError = reportServerError
    }

    package mutating func on(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping RouteHandler) {
        let route = Route(
            signature: RouteSignature(method: method, pattern: pattern), pattern: PathPattern(pattern), handler: handler)
        if let literals = route.pattern.literals, self.route(reaching: method, segments: literals) == nil {
            let path = "/" + literals.joined(separator: "/")
            let length = path.utf8.count
            if literalRoutes.count <= length {
                literalRoutes += Array(repeating: [], count: length + 1 - literalRoutes.count)
            }
            literalRoutes[length].append(LiteralRoute(method: method, path: path, index: routes.count))
        }
        routes.append(route)
    }

    /// `answer` must give only what the route that the request reaches would give: it is what a browsing app's
    /// repeated GETs cost, so they skip the routing.
    package mutating func answerEarly(with answer: @escaping @Sendable (Request) -> Response?) {
        earlyAnswer = answer
    }

    /// Every route, in the order it was added: what a published API description must list.
    package var signatures: [RouteSignature] { routes.map(\.signature) }

    /// The route a request with this method and path would reach (GET's for HEAD), without running it.
    package func signature(reaching method: HTTPMethod, path: String) -> RouteSignature? {
        route(reaching: method, segments: RequestPath.segments(path))?.route.signature
    }

    package func respond(to request: Request) -> Response {
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

    package func render(_ error: HTTPError) -> Response {
        var response = renderError(error)
        response.errorMessage = error.message
        response.errorKind = error.kind
        for field in error.headers {
            response.headers.add(name: field.name, value: field.value)
        }
        return response
    }

    /// Writes `<time> error <method> <path> <status>: <error>` to standard error, where the access log goes too.
    package static func logToStandardError(_ request: Request, _ error: any Error) {
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

    private func route(reaching method: HTTPMethod, segments: [String]) -> (route: Route, parameters: RouteParameters)? {
        let method = method == .head ? .get : method
        for route in routes where route.signature.method == method {
            if let parameters = route.pattern.match(segments) {
                return (route, parameters)
            }
        }
        return nil
    }

    private func dispatch(_ request: Request) throws -> Response {
        let method = request.method == .head ? .get : request.method
        let length = request.path.utf8.count
        if length < literalRoutes.count,
            let literal = literalRoutes[length].first(where: { $0.method == method && $0.path == request.path })
        {
            return try routes[literal.index].handler(request, RouteParameters())
        }
        if request.method == .get, let answer = earlyAnswer?(request) {
            return answer
        }
        let path = RequestPath.segments(request.path)
        if let (route, parameters) = route(reaching: request.method, segments: path) {
            return try route.handler(request, parameters)
        }
        var allowed: [HTTPMethod] = []
        for route in routes where route.pattern.match(path) != nil && !allowed.contains(route.signature.method) {
            allowed.append(route.signature.method)
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
