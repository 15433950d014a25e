import Foundation
import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import Testing

/// The running generation's OpenAPI document under /__admin, in both formats, naming the server it came from.
@Suite struct AdminOpenAPITests {
    @Test("/__admin/openapi.json is the generation's document with servers set to the URL it was asked on", arguments: Generation.all)
    func json(_ generation: Generation) throws {
        let server = try LiveServer.withAdmin(generation)
        let response = try server.admin("GET", "/__admin/openapi.json", headers: [("Host", "phone.example:8080")])
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json")
        let document = try #require(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let servers = try #require(document["servers"] as? [[String: Any]])
        #expect(servers.map { $0["url"] as? String } == ["http://phone.example:8080"])
        #expect(response.body == generation.openAPIDocument(.json, serverURL: "http://phone.example:8080"))
    }

    @Test("/__admin/openapi.yaml is the committed YAML with its servers replaced", arguments: Generation.all)
    func yaml(_ generation: Generation) throws {
        let server = try LiveServer.withAdmin(generation)
        let host = "127.0.0.1:\(server.port)"
        let response = try server.admin("GET", "/__admin/openapi.yaml", headers: [("Host", host)])
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/yaml")
        #expect(response.text.hasPrefix("openapi: 3.1.0") || response.text.contains("\nopenapi: 3.1.0"))
        #expect(response.text.contains("servers:\n  - url: \"http://\(host)\"\n"))
        #expect(response.body == generation.openAPIDocument(.yaml, serverURL: "http://\(host)"))
    }

    @Test("the document is an admin route: query parameters are refused, and --no-admin hides it as a 404")
    func adminOnly() throws {
        let server = try LiveServer.withAdmin(.v2b)
        #expect(try server.admin("GET", "/__admin/openapi.json?x=1").status == 400)
        let plain = try LiveServer(.v2b)
        let hidden = try plain.request("GET", "/__admin/openapi.json")
        #expect(hidden.status == 404)
        #expect(hidden.keyOrder == ["code", "message"])
    }
}
