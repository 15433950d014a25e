import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import Testing

@Suite("v2a list")
struct V2aListTests {
    @Test("an empty market: the health check says OK, page 1 has no products, page 2 is 204")
    func emptyMarket() throws {
        let server = try LiveServer(.v2a)
        let health = try server.request("GET", "/healthChecker")
        #expect(health.status == 200 && health.text == "\"OK\"")
        #expect(health.header("Content-Type") == "application/json")
        let first = try server.request("GET", "/api/products")
        #expect(first.status == 200)
        #expect(first.text == #"{"page_no":1,"items_per_page":20,"total_count":0,"offset":0,"limit":20,"pages":[],"last_page":0,"has_next":false,"has_prev":false}"#)
        let second = try server.request("GET", "/api/products?page_no=2")
        #expect(second.status == 204 && second.body.isEmpty)
    }

    @Test("newest first; slashes normalised; search_value works on v2a too")
    func listing() throws {
        let server = try LiveServer(.v2a)
        for name in ["Pizza", "cola", "burger"] {
            _ = try server.createdProductID(params: LiveServer.params(name: name))
        }
        for path in ["/api/products/", "//api//products", "/api/products?items_perpage=1"] {
            let ids = (try server.request("GET", path).json["pages"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
            #expect(ids == [3, 2, 1], "\(path)")
        }
        #expect(try server.request("GET", "/api/products?search_value=PIZ").json["total_count"] as? Int == 1)
    }

    @Test("errors are {code, message} for 400, 404 and 405", arguments: [
        ("GET", "/api/products?page_no=0", 400), ("GET", "/api/products/77", 404), ("GET", "/items/1", 404),
        ("PUT", "/api/products/", 405), ("GET", "/api/products/1/secret", 405),
    ])
    func errors(method: String, path: String, status: Int) throws {
        let server = try LiveServer(.v2a)
        _ = try server.createdProductID()
        let response = try server.request(method, path)
        #expect(response.status == status)
        #expect(response.keyOrder == ["code", "message"])
        #expect(response.json["code"] as? Int == status)
    }
}
