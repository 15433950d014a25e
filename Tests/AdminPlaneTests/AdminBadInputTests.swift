import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import Testing

/// Bad input to every admin endpoint: a clear 4xx in the admin error shape, and nothing changed.
@Suite struct AdminBadInputTests {
    static let refusals: [(method: String, target: String, body: String, status: Int, mentions: String)] = [
        ("GET", "/__admin/requests?limit=0", "", 400, "limit"),
        ("GET", "/__admin/requests?limit=abc", "", 400, "limit"),
        ("GET", "/__admin/requests?limit=10001", "", 400, "limit"),
        ("GET", "/__admin/requests?before=-1", "", 400, "before"),
        ("GET", "/__admin/requests?method=G%20T", "", 400, "method"),
        ("GET", "/__admin/requests?path=api", "", 400, "path must start with /"),
        ("GET", "/__admin/requests?status=99", "", 400, "status"),
        ("GET", "/__admin/requests?status=6xx", "", 400, "status"),
        ("GET", "/__admin/requests?colour=red", "", 400, "unknown parameter"),
        ("GET", "/__admin/requests/abc", "", 400, "request id"),
        ("GET", "/__admin/requests/0", "", 400, "request id"),
        ("GET", "/__admin/requests/99", "", 404, "no request 99"),
        ("GET", "/__admin/requests/99/request-body", "", 404, "no request 99"),
        ("GET", "/__admin/requests/x/response-body", "", 400, "request id"),
        ("GET", "/__admin/health?verbose=1", "", 400, "no query parameters"),
        ("POST", "/__admin/reset?hard=1", "", 400, "no query parameters"),
        ("POST", "/__admin/reset", #"{"keep":true}"#, 400, "takes no body"),
        ("DELETE", "/__admin/requests?id=1", "", 400, "no query parameters"),
        ("GET", "/__admin/requests.har?x=1", "", 400, "no query parameters"),
        ("GET", "/__admin/requests/1?full=1", "", 400, "no query parameters"),
        ("GET", "/__admin/requests/1/response-body?x", "", 400, "no query parameters"),
        ("GET", "/__admin/reset", "", 405, "POST"),
        ("PUT", "/__admin/health", "", 405, "GET"),
        ("GET", "/__admin/nothing-here", "", 404, "no such path"),
        ("GET", "/__admin/requests?after=-1", "", 400, "after must be a request id"),
        ("GET", "/__admin/requests?after=1.5", "", 400, "after must be a request id"),
        ("GET", "/__admin/requests?after=", "", 400, "after must be a request id"),
        ("GET", "/__admin/?x=1", "", 400, "no query parameters"),
        ("POST", "/__admin/", "", 405, "GET"),
        ("GET", "/__admin/page.js?v=2", "", 400, "no query parameters"),
        ("GET", "/__admin/products?page=0", "", 400, "page must be a whole number from 1"),
        ("GET", "/__admin/products?page=x", "", 400, "page must be"),
        ("GET", "/__admin/products?size=0", "", 400, "size must be a whole number from 1 to 200"),
        ("GET", "/__admin/products?size=201", "", 400, "size must be"),
        ("GET", "/__admin/products?page_no=1", "", 400, "unknown parameter \"page_no\""),
        ("GET", "/__admin/products/x", "", 400, "product id"),
        ("GET", "/__admin/products/0", "", 400, "product id"),
        ("GET", "/__admin/products/999", "", 404, "no product 999"),
        ("GET", "/__admin/products/1?x=1", "", 400, "no query parameters"),
        ("GET", "/__admin/products/1/images/7", "", 404, "numbered from 0 to 0"),
        ("GET", "/__admin/products/1/images/x", "", 404, "has no image \"x\""),
        ("GET", "/__admin/products/999/images/0", "", 404, "no product 999"),
        ("DELETE", "/__admin/products/1", "", 405, "GET"),
        ("POST", "/__admin/snapshots", "", 400, "JSON object with the snapshot's name"),
        ("POST", "/__admin/snapshots", "[1]", 400, "JSON object"),
        ("POST", "/__admin/snapshots", #"{"name": 5}"#, 400, "{\"name\": \"before-checkout\"}"),
        ("POST", "/__admin/snapshots", #"{"name": ""}"#, 400, "a snapshot name is 1 to 64"),
        ("POST", "/__admin/snapshots", #"{"name": "a b"}"#, 400, "got \"a b\""),
        ("POST", "/__admin/snapshots", #"{"name": "-x"}"#, 400, "starting with a letter or digit"),
        ("POST", "/__admin/snapshots", #"{"name": "\#(String(repeating: "x", count: 65))"}"#, 400, "1 to 64"),
        ("POST", "/__admin/snapshots", #"{"name": "x", "keep": true}"#, 400, "unknown member \"keep\""),
        ("POST", "/__admin/snapshots?x=1", #"{"name": "x"}"#, 400, "no query parameters"),
        ("GET", "/__admin/snapshots?x=1", "", 400, "no query parameters"),
        ("PUT", "/__admin/snapshots", "", 405, "GET"),
        ("POST", "/__admin/snapshots/nope/restore", "", 404, "no snapshot named \"nope\""),
        ("POST", "/__admin/snapshots/nope/restore", #"{"x":1}"#, 400, "takes no body"),
        ("POST", "/__admin/snapshots/a%20b/restore", "", 400, "a snapshot name is"),
        ("POST", "/__admin/snapshots/nope/restore?x=1", "", 400, "no query parameters"),
        ("DELETE", "/__admin/snapshots/nope", "", 404, "GET /__admin/snapshots lists those kept"),
        ("DELETE", "/__admin/snapshots/.x", "", 400, "a snapshot name is"),
        ("GET", "/__admin/snapshots/nope", "", 405, "DELETE"),
    ]

    @Test("a clear 4xx in the admin error shape, and nothing changed", arguments: Generation.all)
    func refusedWithoutChange(_ generation: Generation) throws {
        let server = try LiveServer.withAdmin(generation)
        _ = try server.createAny()
        let healthBefore = try server.request("GET", "/__admin/health").json["database"] as? [String: Any]
        let journalBefore = try server.request("GET", "/__admin/requests").text
        let snapshotsBefore = try server.request("GET", "/__admin/snapshots").text
        for refusal in Self.refusals {
            let response = try server.request(refusal.method, refusal.target, body: Array(refusal.body.utf8))
            #expect(response.status == refusal.status, "\(refusal.method) \(refusal.target)")
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            let message = response.json["error"] as? String ?? ""
            #expect(message.contains(refusal.mentions), "\(refusal.target): \(message)")
            #expect(response.keyOrder == ["error"])
        }
        let healthAfter = try server.request("GET", "/__admin/health").json["database"] as? [String: Any]
        #expect(healthAfter?["products"] as? Int == healthBefore?["products"] as? Int)
        #expect(try server.request("GET", "/__admin/requests").text == journalBefore)
        #expect(try server.request("GET", "/__admin/snapshots").text == snapshotsBefore)
    }

    @Test("filters narrow the list; total counts every match", arguments: Generation.all)
    func filters(_ generation: Generation) throws {
        let server = try LiveServer.withAdmin(generation)
        let id = try server.createAny()
        _ = try server.request("GET", server.detailTarget(id))
        _ = try server.request("GET", server.detailTarget(999))
        _ = try server.request("GET", server.listTarget)
        let ids = { (query: String) throws -> [Int] in
            let list = try server.request("GET", "/__admin/requests?\(query)").json["requests"] as? [[String: Any]] ?? []
            return list.compactMap { $0["id"] as? Int }
        }
        #expect(try ids("method=post") == [1])
        #expect(try ids("status=404") == [3])
        #expect(try ids("status=2xx") == [4, 2, 1])
        #expect(try ids("before=3") == [2, 1])
        #expect(try ids("limit=1") == [4])
        #expect(try server.request("GET", "/__admin/requests?limit=1").json["total"] as? Int == 4)
        let detailPath = String(server.detailTarget(id).prefix { $0 != "?" })
        #expect(try ids("path=\(detailPath)") == [2])
    }
}
