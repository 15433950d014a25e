import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import OpenMarketStore
import Testing

@Suite("v2b create")
struct V2bCreateTests {
    @Test("a create answers 201 with the detail, and the detail reads back the same")
    func create() throws {
        let server = try LiveServer(.v2b)
        let created = try server.createSpringProduct()
        #expect(created.status == 201)
        let detail = try server.request("GET", "/api/products/\(created.json["id"] as? Int ?? 0)")
        #expect(detail.text == created.text)
    }

    @Test("requests are read as leniently as the real server read them")
    func lenientInput() throws {
        let server = try LiveServer(.v2b)
        var builder = MultipartBuilder()
        // No Content-Type on params, `descriptions`, numbers as strings, an unknown key, `images[]`, no extension.
        builder.addField(
            "params",
            #"{"name":"n","descriptions":"plural key","price":"9.99","currency":"USD","stock":"3","secret":"\#(LiveServer.vendorA.secret)","product_id":5}"#)
        builder.addFile("images[]", filename: "F5D8F3B2-UUID", contentType: "multipart/form-data", data: SampleImages.jpeg())
        let body = Array("\r\n".utf8) + builder.finished().dropLast(2)  // leading CRLF, no CRLF after the closing delimiter
        let response = try server.request(
            "POST", "/api/products",
            headers: [("identifier", LiveServer.vendorA.identifier), ("Content-Type", builder.contentType)],
            body: body)
        #expect(response.status == 201, "\(response.text)")
        #expect(response.json["description"] as? String == "plural key")
        #expect(response.text.contains(#""price":9.99,"bargain_price":9.99,"discounted_price":0.0,"stock":3"#))
        let images = response.json["images"] as? [[String: Any]] ?? []
        #expect((images.first?["url"] as? String)?.hasSuffix("_origin") == true)
    }

    @Test("text comes back exactly as sent, and a missing description is empty")
    func textFidelity() throws {
        let server = try LiveServer(.v2b)
        let created = try server.createSpringProduct(
            params: #"{"name":"맥북 🍎 \"quoted\" \\ tab\t","price":100,"currency":"KRW","secret":"\#(LiveServer.vendorA.secret)"}"#)
        #expect(created.status == 201)
        #expect(created.text.contains(#""name":"맥북 🍎 \"quoted\" \\ tab\t","description":"","#))
    }

    @Test("a discount above the price is accepted without --strict and gives a negative bargain price")
    func negativeBargain() throws {
        let server = try LiveServer(.v2b)
        let created = try server.createSpringProduct(params: LiveServer.params(price: "100", extra: #","discounted_price":300"#))
        #expect(created.text.contains(#""price":100.0,"bargain_price":-200.0,"discounted_price":300.0"#))
    }

    @Test("credentials: no identifier 400, unknown identifier 401, wrong secret 401")
    func credentials() throws {
        let server = try LiveServer(.v2b)
        var builder = MultipartBuilder()
        builder.addField("params", LiveServer.params())
        builder.addFile("images", filename: "a.png", data: SampleImages.png)
        let noIdentifier = try server.request(
            "POST", "/api/products", headers: [("Content-Type", builder.contentType)], body: builder.finished())
        #expect(noIdentifier.status == 400)
        #expect((noIdentifier.json["message"] as? String)?.contains("identifier") == true)
        let unknown = try server.request(
            "POST", "/api/products", headers: [("identifier", "nobody"), ("Content-Type", builder.contentType)],
            body: builder.finished())
        #expect(unknown.status == 401)
        let wrongSecret = try server.createSpringProduct(params: LiveServer.params(secret: "wrong"))
        #expect(wrongSecret.status == 401)
        #expect(try server.request("GET", "/api/products").json["totalCount"] as? Int == 0)
    }

    @Test("rule violations answer 400 with a message that names the fix", arguments: [
        (LiveServer.params(currency: "JPY"), "currency"),
        (LiveServer.params(price: "1e308", extra: #","discounted_price":-1e308"#), "discounted_price"),
        (#"{"price":1,"currency":"KRW","secret":"zhillysecret0001"}"#, "name"),
        (#"{"name":"x","currency":"KRW","secret":"zhillysecret0001"}"#, "price"),
        (#"{"name":"x","price":"abc","currency":"KRW","secret":"zhillysecret0001"}"#, "price"),
        (#"{"name":"x","price":1,"currency":"KRW","stock":1.5,"secret":"zhillysecret0001"}"#, "stock"),
        (#"{"name":"x","price":1,"currency":"KRW""#, "JSON"),
        (#"[1,2]"#, "object"),
        (#"{"name":"x","price":1,"currency":"KRW"}"#, "secret"),
    ])
    func invalidParams(params: String, mentioned: String) throws {
        let server = try LiveServer(.v2b)
        let response = try server.createSpringProduct(params: params)
        #expect(response.status == 400)
        #expect(response.keyOrder == ["code", "message"])
        let message = response.json["message"] as? String ?? ""
        #expect(message.contains(mentioned), "\(message)")
    }

    @Test("a create needs at least one real image")
    func images() throws {
        let server = try LiveServer(.v2b)
        let none = try server.createSpringProduct(images: [])
        #expect(none.status == 400)
        #expect((none.json["message"] as? String)?.contains("images") == true)
        let text = try server.createSpringProduct(images: [("a.png", Array("not an image".utf8))])
        #expect(text.status == 400)
        #expect((text.json["message"] as? String)?.contains("filename \"a.png\"") == true)
        for image in [SampleImages.gif, [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0] + Array("WEBPVP8 ".utf8)] {
            #expect(try server.createSpringProduct(images: [("x", image)]).status == 201)
        }
    }

    @Test("a broken multipart body gets the parser's explanation")
    func brokenMultipart() throws {
        let server = try LiveServer(.v2b)
        let body = Array("--other\r\nContent-Disposition: form-data; name=\"params\"\r\n\r\n{}\r\n--other--\r\n".utf8)
        let response = try server.request(
            "POST", "/api/products",
            headers: [("identifier", LiveServer.vendorA.identifier), ("Content-Type", "multipart/form-data; boundary=expected")],
            body: body)
        #expect(response.status == 400)
        let message = response.json["message"] as? String ?? ""
        #expect(message.contains("expected") && message.contains("--other"), "\(message)")

        let notMultipart = try server.request(
            "POST", "/api/products",
            headers: [("identifier", LiveServer.vendorA.identifier), ("Content-Type", "application/json")],
            body: Array(LiveServer.params().utf8))
        #expect(notMultipart.status == 400)
    }

    @Test("--strict enforces the course rules, each with its own message")
    func strict() throws {
        let server = try LiveServer(.v2b, strict: true)
        let valid = LiveServer.params(name: "MacBook", description: "a long enough text")
        #expect(try server.createSpringProduct(params: valid).status == 201)
        let cases: [(String, [(filename: String, bytes: [UInt8])])] = [
            (LiveServer.params(name: "ab", description: "a long enough text"), [("a.png", SampleImages.png)]),
            (LiveServer.params(name: "MacBook", description: "short"), [("a.png", SampleImages.png)]),
            (LiveServer.params(name: "MacBook", description: "a long enough text", extra: #","discounted_price":2000"#), [("a.png", SampleImages.png)]),
            (valid, Array(repeating: ("a.png", SampleImages.png), count: 6)),
            (valid, [("big.jpg", SampleImages.jpeg(size: 300 * 1024))]),
        ]
        for (params, images) in cases {
            let response = try server.createSpringProduct(params: params, images: images)
            #expect(response.status == 400)
            #expect((response.json["message"] as? String)?.contains("--strict") == true, "\(response.text)")
        }
    }

    @Test("a body over --max-body-bytes answers 413 in the generation's error format")
    func tooLarge() throws {
        let server = try LiveServer(.v2b, maxBodyBytes: 4096)
        let response = try server.createSpringProduct(images: [("big.jpg", SampleImages.jpeg(size: 10_000))])
        #expect(response.status == 413)
        #expect(response.keyOrder == ["code", "message"])
    }
}
