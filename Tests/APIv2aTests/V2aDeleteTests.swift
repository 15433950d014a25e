import Foundation
import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import OpenMarketStore
import Testing

@Suite("v2a delete flow")
struct V2aDeleteTests {
    private func revealSecret(
        _ server: LiveServer, _ id: Int, vendor: VendorConfiguration = LiveServer.vendorA, secret: String? = nil
    ) throws -> RawResponse {
        try server.request(
            "POST", "/api/products/\(id)/secret",
            headers: [("identifier", vendor.identifier), ("Content-Type", "application/json")],
            body: Array(#"{"secret":"\#(secret ?? vendor.secret)"}"#.utf8))
    }

    private func delete(_ server: LiveServer, _ id: Int, _ secret: String, vendor: VendorConfiguration = LiveServer.vendorA) throws -> RawResponse {
        try server.request("DELETE", "/api/products/\(id)/\(secret)", headers: [("identifier", vendor.identifier)])
    }

    @Test("the secret lookup answers the product secret as plain text; DELETE with it answers the deleted detail, once")
    func deleteFlow() throws {
        let server = try LiveServer(.v2a)
        let id = try server.createdProductID()
        let before = try server.request("GET", "/api/products/\(id)")
        let lookup = try revealSecret(server, id)
        #expect(lookup.status == 200)
        #expect(lookup.header("Content-Type")?.hasPrefix("text/plain") == true)
        let secret = lookup.text
        #expect(secret.range(of: #"^[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$"#, options: .regularExpression) != nil, "\(secret)")
        #expect(try revealSecret(server, id).text == secret)

        let deleted = try delete(server, id, secret)
        #expect(deleted.status == 200)
        #expect(deleted.text == before.text)
        #expect(try delete(server, id, secret).status == 404)
        #expect(try server.request("GET", "/api/products/\(id)").status == 404)
        let imageURL = (before.json["images"] as? [[String: Any]])?.first?["url"] as? String ?? ""
        #expect(try server.request("GET", URLPath.of(imageURL)).status == 404)
    }

    @Test("each product has its own secret, and it never appears in GET responses")
    func secretsPerProduct() throws {
        let server = try LiveServer(.v2a)
        let first = try server.createdProductID()
        let second = try server.createdProductID()
        let secrets = try [revealSecret(server, first).text, revealSecret(server, second).text]
        #expect(secrets[0] != secrets[1])
        #expect(try delete(server, first, secrets[1]).status == 400)
        let texts = try [server.request("GET", "/api/products/\(first)").text, server.request("GET", "/api/products").text]
        for text in texts {
            #expect(!secrets.contains { text.contains($0) })
        }
    }

    @Test("a wrong secret in the path is 400 (the vendor secret too) and deletes nothing")
    func wrongSecret() throws {
        let server = try LiveServer(.v2a)
        let id = try server.createdProductID()
        for wrong in [LiveServer.vendorA.secret, "827c04d7-7838-11ec-abfa-55347a6e30e7"] {
            let response = try delete(server, id, wrong)
            #expect(response.status == 400)
            #expect(response.keyOrder == ["code", "message"])
        }
        #expect(try server.request("GET", "/api/products/\(id)").status == 200)
    }

    @Test("credentials at each step: missing identifier 400, wrong vendor secret 401, another vendor 403, unknown 404")
    func credentials() throws {
        let server = try LiveServer(.v2a)
        let id = try server.createdProductID()
        let secret = try revealSecret(server, id).text
        let noIdentifier = try server.request("POST", "/api/products/\(id)/secret", body: Array(#"{"secret":"x"}"#.utf8))
        #expect(noIdentifier.status == 400)
        #expect(try revealSecret(server, id, secret: "wrong").status == 401)
        #expect(try revealSecret(server, id, vendor: LiveServer.vendorB).status == 403)
        #expect(try revealSecret(server, 999).status == 404)
        #expect(try server.request("DELETE", "/api/products/\(id)/\(secret)").status == 400)
        #expect(try delete(server, id, secret, vendor: LiveServer.vendorB).status == 403)
        #expect(try delete(server, 999, secret).status == 404)
        #expect(try server.request("GET", "/api/products/\(id)").status == 200)
    }
}
