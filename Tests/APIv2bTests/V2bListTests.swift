import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import OpenMarketStore
import Testing

@Suite("v2b list")
struct V2bListTests {
    @Test("the health check answers the JSON string OK")
    func healthCheck() throws {
        let server = try LiveServer(.v2b)
        let response = try server.request("GET", "/healthChecker")
        #expect(response.status == 200)
        #expect(response.text == "\"OK\"")
        #expect(response.header("Content-Type") == "application/json")
    }

    @Test("an empty market answers page 1 with no products, and 204 after it")
    func emptyMarket() throws {
        let server = try LiveServer(.v2b)
        let first = try server.request("GET", "/api/products?page_no=1&items_per_page=20")
        #expect(first.status == 200)
        #expect(first.text == #"{"pageNo":1,"itemsPerPage":20,"totalCount":0,"offset":0,"limit":20,"lastPage":0,"hasNext":false,"hasPrev":false,"pages":[]}"#)
        let second = try server.request("GET", "/api/products?page_no=2&items_per_page=20")
        #expect(second.status == 204)
        #expect(second.body.isEmpty)
    }

    @Test("defaults are page 1 of 20, newest first, and unknown parameters are ignored")
    func defaults() throws {
        let server = try LiveServer(.v2b)
        for index in 0..<3 { _ = try server.createdProductID(params: LiveServer.params(name: "p\(index)")) }
        let response = try server.request("GET", "/api/products?page-no=9&items_perpage=1")
        #expect(response.status == 200)
        #expect(response.json["itemsPerPage"] as? Int == 20)
        let ids = (response.json["pages"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
        #expect(ids == [3, 2, 1])
    }

    @Test("walking pages visits every product once, then 204")
    func walkPages() throws {
        let server = try LiveServer(.v2b)
        for index in 0..<7 { _ = try server.createdProductID(params: LiveServer.params(name: "p\(index)")) }
        var seen: [Int] = []
        var page = 1
        while page <= 10 {
            let response = try server.request("GET", "/api/products?page_no=\(page)&items_per_page=3")
            #expect(response.status == 200)
            seen += (response.json["pages"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
            if response.json["hasNext"] as? Bool != true { break }
            page += 1
        }
        #expect(page == 3)
        #expect(seen == [7, 6, 5, 4, 3, 2, 1])
        #expect(try server.request("GET", "/api/products?page_no=4&items_per_page=3").status == 204)
    }

    @Test("bad paging values answer 400 with a message", arguments: [
        "page_no=0", "page_no=-1", "page_no=abc", "items_per_page=0", "items_per_page=1001", "items_per_page=2.5",
        "page_no=99999999999999999999",
    ])
    func badPaging(query: String) throws {
        let server = try LiveServer(.v2b)
        let response = try server.request("GET", "/api/products?\(query)")
        #expect(response.status == 400)
        #expect(response.json["code"] as? Int == 400)
        #expect((response.json["message"] as? String)?.isEmpty == false)
    }

    @Test("search_value matches the name or the vendor name, ignoring ASCII case, and counts the filtered set")
    func search() throws {
        let server = try LiveServer(.v2b)
        _ = try server.createdProductID(params: LiveServer.params(name: "Pizza Margherita"))
        _ = try server.createdProductID(params: LiveServer.params(name: "cola"))
        _ = try server.createdProductID(
            vendor: LiveServer.vendorB, params: LiveServer.params(name: "burger", secret: LiveServer.vendorB.secret))
        let byName = try server.request("GET", "/api/products?search_value=PIZZA")
        #expect(byName.json["totalCount"] as? Int == 1)
        let byVendor = try server.request("GET", "/api/products?search_value=KYO")
        #expect((byVendor.json["pages"] as? [[String: Any]])?.first?["name"] as? String == "burger")
        let empty = try server.request("GET", "/api/products?page_no=1&items_per_page=20&search_value=")
        #expect(empty.json["totalCount"] as? Int == 3)
    }

    @Test("search_value is literal text", arguments: ["%25", "_", "%27", "%27%20OR%201%3D1%20--", "a%25b"])
    func literalSearch(value: String) throws {
        let server = try LiveServer(.v2b)
        _ = try server.createdProductID(params: LiveServer.params(name: "plain"))
        _ = try server.createdProductID(params: LiveServer.params(name: "a%b_c' OR 1=1 --"))
        let response = try server.request("GET", "/api/products?search_value=\(value)")
        let names = (response.json["pages"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names == ["a%b_c' OR 1=1 --"])
    }

    @Test("slashes are normalised and a wrong method is 405 with Allow")
    func slashes() throws {
        let server = try LiveServer(.v2b)
        #expect(try server.request("GET", "/api/products/").status == 200)
        #expect(try server.request("GET", "//api//products").status == 200)
        let wrong = try server.request("PUT", "/api/products/")
        #expect(wrong.status == 405)
        #expect(wrong.header("Allow") == "GET, POST, HEAD")
        #expect(wrong.keyOrder == ["code", "message"])
        let missing = try server.request("GET", "/api/nothing")
        #expect(missing.status == 404)
        #expect(missing.keyOrder == ["code", "message"])
    }
}
