import Foundation
import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import OpenMarketStore
import Testing

@Suite("v2a create and patch")
struct V2aCreateTests {
    private let secretA = LiveServer.vendorA.secret

    @Test("a create answers 201 with the detail, and the detail reads back the same")
    func create() throws {
        let server = try LiveServer(.v2a)
        let created = try server.createSpringProduct()
        #expect(created.status == 201)
        #expect(try server.request("GET", "/api/products/\(created.json["id"] as? Int ?? 0)").text == created.text)
    }

    @Test("`descriptions` is v2a's key: it wins over `description`, which is accepted alone")
    func descriptionKeys() throws {
        let server = try LiveServer(.v2a)
        let both = try server.createSpringProduct(
            params: #"{"name":"n","descriptions":"plural","description":"singular","price":1,"currency":"USD","secret":"\#(secretA)"}"#)
        #expect(both.json["description"] as? String == "plural")
        let singular = try server.createSpringProduct(params: LiveServer.params(description: "only singular"))
        #expect(singular.json["description"] as? String == "only singular")
        let none = try server.createSpringProduct(params: #"{"name":"n","price":1,"currency":"KRW","secret":"\#(secretA)"}"#)
        #expect(none.status == 201)
        #expect(none.json["description"] as? String == "")
    }

    @Test("the losing description key is still read: a mistyped one is 400 beside the winner, null is not sent")
    func losingDescriptionKey() throws {
        let server = try LiveServer(.v2a)
        let mistyped = try server.createSpringProduct(
            params: #"{"name":"n","descriptions":"plural","description":{},"price":1,"currency":"USD","secret":"\#(secretA)"}"#)
        #expect(mistyped.status == 400)
        #expect(server.generation.errorMessage(mistyped)?.contains(#""description" must be a string"#) == true)
        let null = try server.createSpringProduct(
            params: #"{"name":"n","descriptions":null,"description":"singular","price":1,"currency":"USD","secret":"\#(secretA)"}"#)
        #expect(null.json["description"] as? String == "singular")
    }

    @Test("image keys: origin/ and thumb/ share one hex; the extension follows the filename")
    func imageKeys() throws {
        let server = try LiveServer(.v2a)
        let jpeg = SampleImages.jpeg(size: 50_000)
        let created = try server.createSpringProduct(images: [("cat.PNG", jpeg), ("no-extension", SampleImages.png)])
        let images = created.json["images"] as? [[String: Any]] ?? []
        #expect(images.count == 2)
        let urls = images.map { (URLPath.of($0["url"] as? String ?? ""), URLPath.of($0["thumbnail_url"] as? String ?? "")) }
        #expect(urls[0].0.range(of: #"^/training-resources/1/origin/[0-9a-f]{32}\.PNG$"#, options: .regularExpression) != nil)
        #expect(urls[1].0.range(of: #"^/training-resources/1/origin/[0-9a-f]{32}$"#, options: .regularExpression) != nil)
        for ((origin, thumb), bytes) in zip(urls, [jpeg, SampleImages.png]) {
            #expect(origin.replacingOccurrences(of: "/origin/", with: "/thumb/") == thumb)
            for path in [origin, thumb] {
                let response = try server.request("GET", path)
                #expect(response.body == bytes)
            }
        }
        #expect(try server.request("GET", urls[0].1).header("Content-Type") == "image/jpeg")
        #expect(created.json["thumbnail"] as? String == images[0]["thumbnail_url"] as? String)
    }

    @Test("a create is refused in v2's error shape: bad params, no image, wrong credentials, too large")
    func refusals() throws {
        let server = try LiveServer(.v2a, maxBodyBytes: 8192)
        let responses = try [
            (server.createSpringProduct(params: LiveServer.params(currency: "JPY")), 400),
            (server.createSpringProduct(images: []), 400),
            (server.createSpringProduct(params: LiveServer.params(secret: "wrong")), 401),
            (server.createSpringProduct(images: [("big.jpg", SampleImages.jpeg(size: 10_000))]), 413),
        ]
        for (response, status) in responses {
            #expect(response.status == status)
            #expect(response.keyOrder == ["code", "message"])
        }
    }

    @Test("a patch answers 202 with the detail and reads `descriptions`")
    func patch() throws {
        let server = try LiveServer(.v2a)
        let id = try server.createdProductID()
        let response = try server.patchSpringProduct(
            id, json: #"{"descriptions":"new text","price":"2500","secret":"\#(secretA)"}"#, contentType: nil)
        #expect(response.status == 202)
        #expect(response.json["description"] as? String == "new text")
        #expect(response.text.contains(#""price":2500.0,"description":"new text","bargain_price":2500.0,"#))
        #expect(try server.request("GET", "/api/products/\(id)").text == response.text)
        #expect(try server.patchSpringProduct(id, json: #"{"price":1,"secret":"nope"}"#).status == 401)
    }
}
