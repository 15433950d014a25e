import OpenMarketHTTPCore
import OpenMarketHTTPTestSupport
import OpenMarketLocking
import Testing

@Suite("Routing")
struct RoutingTests {
    /// A domain error of its own type, as a store's "not found" is.
    private struct Gone: HTTPResponseError {
        let status = HTTPStatus.notFound
        let message = "it went away"
        let headers = HTTPHeaders([("Retry-After", "0")])
    }

    /// A server-side failure that knows its status, as a database error does.
    private struct Broken: HTTPResponseError {
        let status = HTTPStatus.internalServerError
        let message = "the database failed"
    }

    private func router(reportServerError: @escaping @Sendable (Request, any Error) -> Void = { _, _ in }) -> Router {
        var router = Router(
            renderError: { error in
                Response(status: error.status, contentType: "text/plain", body: Array(error.message.utf8))
            },
            reportServerError: reportServerError)
        router.on(.get, "/api/products/{id}") { _, parameters in
            Response(status: .ok, body: Array("product \(parameters["id"] ?? "")".utf8))
        }
        router.on(.patch, "/api/products/{id}") { _, _ in Response(status: .accepted) }
        router.on(.get, "/images/{key...}") { _, parameters in
            Response(status: .ok, body: Array((parameters["key"] ?? "").utf8))
        }
        router.on(.get, "/fail") { _, _ in throw HTTPError(status: .badRequest, message: "bad input") }
        router.on(.get, "/gone") { _, _ in throw Gone() }
        router.on(.get, "/broken") { _, _ in throw Broken() }
        router.on(.get, "/crash") { _, _ in
            struct Unexpected: Error {}
            throw Unexpected()
        }
        return router
    }

    private func get(_ path: String, method: HTTPMethod = .get, query: String = "") -> Response {
        router().respond(to: Request(method: method, path: path, query: query))
    }

    @Test("parameters are captured", arguments: ["/api/products/7", "/api/products/7/", "//api//products/7"])
    func parameters(path: String) {
        let response = get(path)
        #expect(response.status == .ok)
        #expect(String(decoding: response.body, as: UTF8.self) == "product 7")
    }

    @Test("an unknown path is 404")
    func notFound() {
        #expect(get("/api/nothing").status == .notFound)
        #expect(get("/api/products/7/extra").status == .notFound)
        #expect(get("/").status == .notFound)
    }

    @Test("a known path with another method is 405 with Allow, also when slashed")
    func methodNotAllowed() {
        for path in ["/api/products/7", "/api/products/7/"] {
            let response = get(path, method: .delete)
            #expect(response.status == .methodNotAllowed)
            #expect(response.headers["allow"] == "GET, PATCH, HEAD")
        }
    }

    /// A route without parameters is found by its plain path without splitting it; the order routes were added in
    /// still decides, and every spelling of the path still reaches it.
    @Test("a route without parameters: first added wins, every spelling of its path reaches it, HEAD too")
    func literalRoutes() {
        var router = Router(renderError: { error in Response(status: error.status) })
        router.on(.get, "/api/{name}") { _, parameters in Response(status: .ok, body: Array((parameters["name"] ?? "").utf8)) }
        router.on(.get, "/api/shadowed") { _, _ in Response(status: .accepted) }
        router.on(.get, "/health") { _, _ in Response(status: .ok, body: Array("health".utf8)) }
        router.on(.post, "/health") { _, _ in Response(status: .created) }
        router.on(.get, "/wealth") { _, _ in Response(status: .ok, body: Array("wealth".utf8)) }
        let shadowed = router.respond(to: Request(method: .get, path: "/api/shadowed"))
        #expect(shadowed.status == .ok && shadowed.body == Array("shadowed".utf8))
        for path in ["/health", "/health/", "//health", "/%68ealth"] {
            #expect(router.respond(to: Request(method: .get, path: path)).body == Array("health".utf8), "\(path)")
        }
        #expect(router.respond(to: Request(method: .head, path: "/health")).status == .ok)
        #expect(router.respond(to: Request(method: .post, path: "/health")).status == .created)
        #expect(router.respond(to: Request(method: .delete, path: "/health")).status == .methodNotAllowed)
        #expect(router.respond(to: Request(method: .get, path: "/Health")).status == .notFound)
        // Paths of one length are told apart by their bytes, methods by theirs.
        #expect(router.respond(to: Request(method: .get, path: "/wealth")).body == Array("wealth".utf8))
        #expect(router.respond(to: Request(method: .post, path: "/wealth")).status == .methodNotAllowed)
        #expect(router.respond(to: Request(method: .get, path: "/stealth")).status == .notFound)
        #expect(router.respond(to: Request(method: .get, path: "/")).status == .notFound)
    }

    @Test("HEAD reaches the GET route")
    func head() {
        #expect(get("/api/products/1", method: .head).status == .ok)
    }

    @Test("an early answer stands for a GET's route; a nil one, HEAD and other methods reach their routes")
    func earlyAnswer() {
        var router = router()
        let asked = Locked<[String]>([])
        router.answerEarly { request in
            asked.withLock { $0.append(request.path) }
            guard request.path == "/api/products/7" else { return nil }
            return Response(status: .ok, body: Array("kept".utf8))
        }
        func body(_ method: HTTPMethod, _ path: String) -> String {
            String(decoding: router.respond(to: Request(method: method, path: path)).body, as: UTF8.self)
        }
        #expect(body(.get, "/api/products/7") == "kept")
        #expect(body(.get, "/api/products/8") == "product 8")
        #expect(body(.head, "/api/products/7") == "product 7")
        #expect(router.respond(to: Request(method: .patch, path: "/api/products/7")).status == .accepted)
        #expect(asked.withLock { $0 } == ["/api/products/7", "/api/products/8"])
    }

    @Test("an encoded slash stays inside its segment")
    func encodedSlash() {
        #expect(get("/api/products/a%2Fb").status == .ok)
        #expect(String(decoding: get("/api/products/a%2Fb").body, as: UTF8.self) == "product a/b")
        #expect(String(decoding: get("/images/x//y/%2E%2E").body, as: UTF8.self) == "x/y/..")
        #expect(get("/images/x%2Fy").status == .notFound)
    }

    @Test("every / separates, even one a combining mark follows; other bytes stay in their segment")
    func slashesSeparateByByte() {
        #expect(String(decoding: get("/api/products/\u{301}x").body, as: UTF8.self) == "product \u{301}x")
        #expect(String(decoding: get("/images/a/\u{301}/맥북").body, as: UTF8.self) == "a/\u{301}/맥북")
        #expect(String(decoding: get("/api/products/%ED%9E%88").body, as: UTF8.self) == "product 히")
        #expect(get("/api/products\u{301}/7").status == .notFound)
    }

    @Test("thrown errors become responses, never crashes")
    func errors() {
        #expect(get("/fail").status == .badRequest)
        #expect(String(decoding: get("/fail").body, as: UTF8.self) == "bad input")
        #expect(get("/crash").status == .internalServerError)
    }

    @Test("an error type that knows its status answers with it, its message and its headers")
    func responseErrorByType() {
        let response = get("/gone")
        #expect(response.status == .notFound)
        #expect(String(decoding: response.body, as: UTF8.self) == "it went away")
        #expect(response.headers["Retry-After"] == "0")
    }

    @Test("an unexpected error answers 500 through the renderer; it and other 5xx are reported, 4xx are not")
    func serverErrorsReported() {
        let reports = Locked<[String]>([])
        let router = router { request, error in
            reports.withLock { $0.append("\(request.method) \(request.path): \(error)") }
        }
        let response = router.respond(to: Request(method: .get, path: "/crash"))
        #expect(response.status == .internalServerError)
        #expect(String(decoding: response.body, as: UTF8.self).hasPrefix("internal error: Unexpected"))
        #expect(router.respond(to: Request(method: .get, path: "/broken")).status == .internalServerError)
        #expect(router.respond(to: Request(method: .get, path: "/gone")).status == .notFound)
        #expect(router.respond(to: Request(method: .get, path: "/fail")).status == .badRequest)
        #expect(reports.withLock { $0 } == ["GET /crash: Unexpected()", #"GET /broken: Broken(status: 500 Internal Server Error, message: "the database failed")"#])
    }

    @Test("query parameters decode + and %XX, first value wins")
    func queryParameters() {
        let parameters = QueryParameters("page_no=2&search_value=a+b%21&search_value=ignored&flag&bad=%ZZ")
        #expect(parameters["page_no"] == "2")
        #expect(parameters["search_value"] == "a b!")
        #expect(parameters["flag"] == "")
        #expect(parameters["bad"] == "%ZZ")
        #expect(parameters["missing"] == nil)
    }
}
