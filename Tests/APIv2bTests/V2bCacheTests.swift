import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import OpenMarketStore
import Testing

/// Reads are answered from a cache; every write must show in the very next read.
@Suite("v2b reads after writes")
struct V2bCacheTests {
    @Test("a read after a create, a patch or a delete shows the change")
    func readsFollowWrites() throws {
        let server = try LiveServer(.v2b)
        let id = try server.createdProductID(params: LiveServer.params(name: "first"))
        let list = "/api/products?page_no=1&items_per_page=20"
        #expect(try server.request("GET", list).json["totalCount"] as? Int == 1)
        #expect(try server.request("GET", "/api/products/\(id)").json["name"] as? String == "first")

        let second = try server.createdProductID(params: LiveServer.params(name: "second"))
        #expect(try server.request("GET", list).json["totalCount"] as? Int == 2)

        _ = try server.patchSpringProduct(id, json: #"{"name":"renamed","secret":"\#(LiveServer.vendorA.secret)"}"#)
        #expect(try server.request("GET", "/api/products/\(id)").json["name"] as? String == "renamed")
        let names = (try server.request("GET", list).json["pages"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names == ["second", "renamed"])

        let uri = try server.request(
            "POST", "/api/products/\(second)/archived", headers: [("identifier", LiveServer.vendorA.identifier)],
            body: Array(#"{"secret":"\#(LiveServer.vendorA.secret)"}"#.utf8)).text
        _ = try server.request("DELETE", uri, headers: [("identifier", LiveServer.vendorA.identifier)])
        #expect(try server.request("GET", "/api/products/\(second)").status == 404)
        #expect(try server.request("GET", list).json["totalCount"] as? Int == 1)
    }

    @Test("the same path read through another host gets that host's image URLs")
    func hostIsPartOfTheKey() throws {
        let server = try LiveServer(.v2b)
        let id = try server.createdProductID()
        let local = try server.request("GET", "/api/products/\(id)")
        let lan = try server.request("GET", "/api/products/\(id)", headers: [("Host", "10.0.0.2:8080")])
        #expect((local.json["thumbnail"] as? String)?.hasPrefix("http://127.0.0.1/") == true)
        #expect((lan.json["thumbnail"] as? String)?.hasPrefix("http://10.0.0.2:8080/") == true)
    }
}
