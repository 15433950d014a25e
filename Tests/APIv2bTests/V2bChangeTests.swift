import Foundation
import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import OpenMarketStore
import Testing

@Suite("v2b patch and delete")
struct V2bChangeTests {
    private let secretA = LiveServer.vendorA.secret

    @Test("a patch changes only the keys it carries and answers 202 with the detail")
    func patch() throws {
        let server = try LiveServer(.v2b)
        let id = try server.createdProductID()
        let response = try server.patchSpringProduct(id, json: #"{"price":"2500","stock":4,"secret":"\#(secretA)"}"#)
        #expect(response.status == 202)
        #expect(response.text.contains(#""price":2500.0,"bargain_price":2500.0,"discounted_price":0.0,"stock":4"#))
        #expect(response.json["name"] as? String == "사진 모음집")
        #expect(try server.request("GET", "/api/products/\(id)").text == response.text)
    }

    @Test("a patch body is JSON whatever its Content-Type says", arguments: [
        nil, "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/plain",
    ])
    func patchContentTypes(contentType: String?) throws {
        let server = try LiveServer(.v2b)
        let id = try server.createdProductID()
        let response = try server.patchSpringProduct(
            id, json: #"{"description":"new text","secret":"\#(secretA)"}"#, contentType: contentType)
        #expect(response.status == 202)
        #expect(response.json["description"] as? String == "new text")
    }

    @Test("thumbnail_id must name one of the product's own images")
    func thumbnail() throws {
        let server = try LiveServer(.v2b)
        let first = try server.createdProductID(images: [("a.png", SampleImages.png), ("b.jpg", SampleImages.jpeg())])
        let other = try server.createdProductID()
        let detail = try server.request("GET", "/api/products/\(first)").json
        let images = detail["images"] as? [[String: Any]] ?? []
        let secondImage = images[1]["id"] as? Int ?? 0
        let moved = try server.patchSpringProduct(first, json: #"{"thumbnail_id":\#(secondImage),"secret":"\#(secretA)"}"#)
        #expect(moved.status == 202)
        #expect(moved.json["thumbnail"] as? String == images[1]["thumbnail_url"] as? String)

        let foreignImage = (try server.request("GET", "/api/products/\(other)").json["images"] as? [[String: Any]])?[0]["id"] as? Int ?? 0
        let refused = try server.patchSpringProduct(first, json: #"{"thumbnail_id":\#(foreignImage),"secret":"\#(secretA)"}"#)
        #expect(refused.status == 400)
        #expect((refused.json["message"] as? String)?.contains("thumbnail_id") == true)
    }

    @Test("patch credentials: wrong secret 401, another vendor's product 403, unknown product 404")
    func patchCredentials() throws {
        let server = try LiveServer(.v2b)
        let id = try server.createdProductID()
        #expect(try server.patchSpringProduct(id, json: #"{"price":1,"secret":"nope"}"#).status == 401)
        #expect(try server.patchSpringProduct(id, json: #"{"price":1}"#).status == 400)
        let foreign = try server.patchSpringProduct(
            id, vendor: LiveServer.vendorB, json: #"{"price":1,"secret":"\#(LiveServer.vendorB.secret)"}"#)
        #expect(foreign.status == 403)
        #expect(try server.patchSpringProduct(9999, json: #"{"price":1,"secret":"\#(secretA)"}"#).status == 404)
        #expect(try server.patchSpringProduct(id, json: #"{"currency":"EUR","secret":"\#(secretA)"}"#).status == 400)
        #expect(try server.patchSpringProduct(id, json: "not json").status == 400)
        #expect(try server.request("GET", "/api/products/\(id)").json["price"] as? Double == 1000)
    }

    @Test("archived answers a plain-text URI; DELETE of it answers the deleted detail, once")
    func deleteFlow() throws {
        let server = try LiveServer(.v2b)
        let id = try server.createdProductID()
        let before = try server.request("GET", "/api/products/\(id)")
        let imageURL = (before.json["images"] as? [[String: Any]])?[0]["url"] as? String ?? ""
        let headers = [("identifier", LiveServer.vendorA.identifier), ("Content-Type", "application/json")]
        let archived = try server.request(
            "POST", "/api/products/\(id)/archived", headers: headers, body: Array(#"{"secret":"\#(secretA)"}"#.utf8))
        #expect(archived.status == 200)
        #expect(archived.header("Content-Type")?.hasPrefix("text/plain") == true)
        let uri = archived.text
        #expect(uri.range(of: #"^/api/products/[A-Za-z0-9_-]+=*$"#, options: .regularExpression) != nil, "\(uri)")

        let deleted = try server.request("DELETE", uri, headers: [("identifier", LiveServer.vendorA.identifier)])
        #expect(deleted.status == 200)
        #expect(deleted.text == before.text)
        #expect(try server.request("DELETE", uri, headers: [("identifier", LiveServer.vendorA.identifier)]).status == 404)
        #expect(try server.request("GET", "/api/products/\(id)").status == 404)
        #expect(try server.request("GET", URLPath.of( imageURL)).status == 404)
    }

    @Test("the delete flow checks credentials at each step")
    func deleteCredentials() throws {
        let server = try LiveServer(.v2b)
        let id = try server.createdProductID()
        func archive(_ vendor: VendorConfiguration, _ secret: String) throws -> RawResponse {
            try server.request(
                "POST", "/api/products/\(id)/archived", headers: [("identifier", vendor.identifier)],
                body: Array(#"{"secret":"\#(secret)"}"#.utf8))
        }
        #expect(try archive(LiveServer.vendorA, "wrong").status == 401)
        #expect(try archive(LiveServer.vendorB, LiveServer.vendorB.secret).status == 403)
        let uri = try archive(LiveServer.vendorA, secretA).text
        #expect(try server.request("DELETE", uri).status == 400)
        #expect(try server.request("DELETE", uri, headers: [("identifier", LiveServer.vendorB.identifier)]).status == 403)
        #expect(try server.request("DELETE", "/api/products/\(id)", headers: [("identifier", LiveServer.vendorA.identifier)]).status == 404)
        #expect(try server.request("GET", "/api/products/\(id)").status == 200)
    }
}

@Suite("v2b images")
struct V2bImageTests {
    @Test("every image URL serves the uploaded bytes with the detected type")
    func imageBytes() throws {
        let server = try LiveServer(.v2b)
        let jpeg = SampleImages.jpeg(size: 150_000)
        let created = try server.createSpringProduct(images: [("cat.png", jpeg), ("dog", SampleImages.png)])
        let images = created.json["images"] as? [[String: Any]] ?? []
        #expect(images.count == 2)
        let expected: [([UInt8], String)] = [(jpeg, "image/jpeg"), (SampleImages.png, "image/png")]
        for (image, (bytes, type)) in zip(images, expected) {
            for key in ["url", "thumbnail_url"] {
                let response = try server.request("GET", URLPath.of( image[key] as? String ?? ""))
                #expect(response.status == 200)
                #expect(response.body == bytes)
                #expect(response.header("Content-Type") == type)
                #expect(response.header("Content-Length") == String(bytes.count))
            }
        }
        #expect(created.json["thumbnail"] as? String == images[0]["thumbnail_url"] as? String)
    }

    @Test("image URLs follow the Host of the request that reads them, or --public-url")
    func hosts() throws {
        let server = try LiveServer(.v2b)
        let id = try server.createdProductID()
        let lan = try server.request("GET", "/api/products/\(id)", headers: [("Host", "192.168.0.10:8080")])
        #expect((lan.json["thumbnail"] as? String)?.hasPrefix("http://192.168.0.10:8080/training-resources/1/20240207/") == true)

        let fixed = try LiveServer(.v2b, publicURL: "https://emulator.example/")
        let fixedID = try fixed.createdProductID()
        let detail = try fixed.request("GET", "/api/products/\(fixedID)")
        #expect((detail.json["thumbnail"] as? String)?.hasPrefix("https://emulator.example/training-resources/") == true)
    }

    @Test("paths that name no stored image are 404", arguments: [
        "/training-resources/1/20240207/nothing_origin.png", "/training-resources/../../etc/passwd",
        "/training-resources/%2E%2E/%2E%2E/etc/passwd", "/training-resources/1%2F20240207",
    ])
    func missingImages(path: String) throws {
        let server = try LiveServer(.v2b)
        _ = try server.createdProductID()
        let response = try server.request("GET", path)
        #expect(response.status == 404)
        #expect(response.keyOrder == ["code", "message"])
    }

    @Test("an existing image's path with its slashes percent-encoded is 404, since %2F is not a separator")
    func encodedSlashes() throws {
        let server = try LiveServer(.v2b)
        let id = try server.createdProductID()
        let path = URLPath.of(try server.request("GET", "/api/products/\(id)").json["thumbnail"] as? String ?? "")
        #expect(try server.request("GET", path).status == 200)
        let encoded = "/training-resources/" + path.dropFirst("/training-resources/".count).replacingOccurrences(of: "/", with: "%2F")
        #expect(try server.request("GET", encoded).status == 404)
    }

    @Test("secrets never appear in GET responses")
    func noSecrets() throws {
        let server = try LiveServer(.v2b)
        let id = try server.createdProductID()
        let texts = try [
            server.request("GET", "/api/products/\(id)").text, server.request("GET", "/api/products").text,
        ]
        for text in texts {
            #expect(!text.contains(LiveServer.vendorA.secret))
            #expect(!text.contains(LiveServer.vendorA.identifier))
        }
    }
}
