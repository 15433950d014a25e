import HTTPServer
import HTTPTestSupport
import Testing

@Suite("Routing")
struct RoutingTests {
    private func router() -> Router {
        var router = Router { error in
            Response(status: error.status, contentType: "text/plain", body: Array(error.message.utf8))
        }
        router.on("GET", "/api/products/{id}") { _, parameters in
            Response(status: 200, body: Array("product \(parameters["id"] ?? "")".utf8))
        }
        router.on("PATCH", "/api/products/{id}") { _, _ in Response(status: 202) }
        router.on("GET", "/images/{key...}") { _, parameters in
            Response(status: 200, body: Array((parameters["key"] ?? "").utf8))
        }
        router.on("GET", "/fail") { _, _ in throw HTTPError(status: 400, message: "bad input") }
        router.on("GET", "/crash") { _, _ in
            struct Unexpected: Error {}
            throw Unexpected()
        }
        return router
    }

    private func get(_ path: String, method: String = "GET", query: String = "") -> Response {
        router().respond(to: Request(method: method, path: path, query: query))
    }

    @Test("parameters are captured", arguments: ["/api/products/7", "/api/products/7/", "//api//products/7"])
    func parameters(path: String) {
        let response = get(path)
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "product 7")
    }

    @Test("an unknown path is 404")
    func notFound() {
        #expect(get("/api/nothing").status == 404)
        #expect(get("/api/products/7/extra").status == 404)
        #expect(get("/").status == 404)
    }

    @Test("a known path with another method is 405 with Allow, also when slashed")
    func methodNotAllowed() {
        for path in ["/api/products/7", "/api/products/7/"] {
            let response = get(path, method: "DELETE")
            #expect(response.status == 405)
            #expect(response.headers["allow"] == "GET, PATCH, HEAD")
        }
    }

    @Test("HEAD reaches the GET route")
    func head() {
        #expect(get("/api/products/1", method: "HEAD").status == 200)
    }

    @Test("an encoded slash stays inside its segment")
    func encodedSlash() {
        #expect(get("/api/products/a%2Fb").status == 200)
        #expect(String(decoding: get("/api/products/a%2Fb").body, as: UTF8.self) == "product a/b")
        #expect(String(decoding: get("/images/x//y/%2E%2E").body, as: UTF8.self) == "x/y/..")
        #expect(get("/images/x%2Fy").status == 404)
    }

    @Test("thrown errors become responses, never crashes")
    func errors() {
        #expect(get("/fail").status == 400)
        #expect(String(decoding: get("/fail").body, as: UTF8.self) == "bad input")
        #expect(get("/crash").status == 500)
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
