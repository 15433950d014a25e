import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import OpenMarketWireFormat
import Testing

/// `POST /__admin/products`: exact products for a live server, over a real socket, checked before anything is written.
@Suite struct AdminInsertTests {
    private static let png = StandardBase64.encode(SampleImages.png)

    private static func body(_ products: String...) -> [UInt8] {
        Array(#"{"products": [\#(products.joined(separator: ","))]}"#.utf8)
    }

    @Test("v2b: products with and without ids answer 201 with their ids and are the API's products")
    func v2b() throws {
        let server = try LiveServer.withAdmin(.v2b)
        _ = try server.createAny()
        let answer = try server.admin("POST", "/__admin/products", body: Self.body(
            #"{"id": 392, "name": "MacBook", "description": "M1", "price": 1690000, "discountedPrice": 100000, "stock": 3, "images": ["\#(Self.png)"], "createdAt": "2022-01-03T09:00:00.000+09:00"}"#,
            #"{"name": "Mug", "price": 9.5, "currency": "USD", "images": ["\#(Self.png)", "\#(Self.png)"]}"#))
        #expect(answer.status == 201, "\(answer.text)")
        #expect(answer.header("Content-Type") == "application/json; charset=utf-8")
        #expect(answer.text == #"{"ids":[392,393]}"#)
        let detail = try server.request("GET", "/api/products/392")
        #expect(detail.json["name"] as? String == "MacBook")
        #expect(detail.json["bargain_price"] as? Int == 1_590_000)
        #expect(detail.json["created_at"] as? String == "2022-01-03T00:00:00")
        let mug = try server.request("GET", "/api/products/393").json
        #expect(mug["currency"] as? String == "USD")
        #expect((mug["images"] as? [Any])?.count == 2)
        let created = try server.createAny()
        #expect(created == 394, "the API's ids go on after the inserted ones")
    }

    @Test("v1a: the item's password is its secret")
    func v1a() throws {
        let server = try LiveServer.withAdmin(.v1a)
        let answer = try server.admin("POST", "/__admin/products", body: Self.body(
            #"{"id": 7, "name": "Pen", "price": 1000, "secret": "pw", "images": ["\#(Self.png)"], "createdAt": 1622505600}"#))
        #expect(answer.status == 201, "\(answer.text)")
        let item = try server.request("GET", "/item/7").json
        #expect(item["title"] as? String == "Pen")
        #expect(item["discounted_price"] == nil, "v1 shows no sale price when the discount is 0")
        #expect(item["registration_date"] as? Double == 1_622_505_600)
        let delete = try server.request(
            "DELETE", "/item/7", headers: [("Content-Type", "application/json")], body: Array(#"{"password":"pw"}"#.utf8))
        #expect(delete.status == 200)
    }

    @Test("refusals say which product and why, with 409 for a taken id, and insert nothing", arguments: [
        (#"{"id": 1, "name": "taken", "price": 1, "images": ["\#(png)"]}"#, 409, "product 1 (\"taken\"): id 1 is taken in the store"),
        (#"{"name": "x", "price": 1, "vendor": "nobody", "images": ["\#(png)"]}"#, 400, "vendor \"nobody\" is not configured; give the identifier of one that is: "),
        (#"{"name": "x", "price": 1, "images": ["aGVsbG8="]}"#, 400, "image 0 (5 bytes) is not a JPEG, PNG, GIF or WebP picture"),
        (#"{"name": "x", "price": 1, "images": ["%%%"]}"#, 400, "products[1].images[0] is not standard Base64"),
        (#"{"name": "x", "price": 1, "images": ["\#(png)"], "title": "y"}"#, 400, "products[1]: unknown member \"title\""),
        (#"{"name": "x", "price": 1, "images": ["\#(png)"], "ti\ntle": "y"}"#, 400, #"products[1]: unknown member "ti\ntle"; a product"#),
        (#"{"name": "x", "images": ["\#(png)"]}"#, 400, "products[1].price is required"),
        (#"{"name": "x", "price": "cheap", "images": ["\#(png)"]}"#, 400, "products[1]: \"price\" must be a number"),
        (#"{"name": "x", "price": 1, "images": ["\#(png)"], "createdAt": "yesterday"}"#, 400, "products[1].createdAt must be an ISO 8601 instant"),
    ])
    func refusals(product: String, status: Int, message: String) throws {
        let server = try LiveServer.withAdmin(.v2b)
        _ = try server.createAny()
        let answer = try server.admin("POST", "/__admin/products", body: Self.body(
            #"{"id": 50, "name": "good", "price": 1, "images": ["\#(Self.png)"]}"#, product))
        #expect(answer.status == status, "\(answer.text)")
        let error = try #require(answer.json["error"] as? String)
        #expect(error.contains(message), "\(error)")
        #expect(try server.request("GET", "/api/products/50").status == 404, "nothing of the insert may be stored")
        #expect(try server.admin("GET", "/__admin/health").json["database"].flatMap { ($0 as? [String: Any])?["products"] as? Int } == 1)
    }

    @Test("what the generation's API refuses is a 400 in the API's words, unless the body allows it")
    func whatTheAPIRefuses() throws {
        let server = try LiveServer.withAdmin(.v1b)
        let fraction = #"{"name": "Pen", "price": 9.5, "secret": "pw", "images": ["\#(Self.png)"]}"#
        let refused = try server.admin("POST", "/__admin/products", body: Self.body(fraction))
        #expect(refused.status == 400, "\(refused.text)")
        #expect(refused.json["error"] as? String == #"product 0 ("Pen"): "price" must be a whole number such as 1500 "#
            + #"(v1 keeps no fractions); got "9.5" (the API refuses that; an insert allowing what the API refuses "#
            + #"takes it anyway: "allowingWhatTheAPIRefuses": true in POST /__admin/products, "#
            + #"insert(_:allowingWhatTheAPIRefuses: true) in process); nothing was inserted"#)
        #expect(try server.request("GET", "/item/1").status == 404)

        let allowed = try server.admin(
            "POST", "/__admin/products",
            body: Array(#"{"allowingWhatTheAPIRefuses": true, "products": [\#(fraction)]}"#.utf8))
        #expect(allowed.status == 201, "\(allowed.text)")
        #expect(try server.request("GET", "/item/1").json["price"] as? Int == 9, "v1 shows every price whole")
        let notAllowed = try server.admin(
            "POST", "/__admin/products",
            body: Array(#"{"allowingWhatTheAPIRefuses": false, "products": [\#(fraction)]}"#.utf8))
        #expect(notAllowed.status == 400, "\(notAllowed.text)")
    }

    @Test("allowingWhatTheAPIRefuses is true or false, and the body has no other member than it and the products")
    func badFlags() throws {
        let server = try LiveServer.withAdmin(.v2b)
        let product = #"{"name": "Mug", "price": 1, "images": ["\#(Self.png)"]}"#
        for (body, message) in [
            (#"{"allowingWhatTheAPIRefuses": "yes", "products": [\#(product)]}"#, #""allowingWhatTheAPIRefuses" must be true"#),
            (#"{"allowWhatTheAPIRefuses": true, "products": [\#(product)]}"#, #"unknown member "allowWhatTheAPIRefuses""#),
        ] {
            let answer = try server.admin("POST", "/__admin/products", body: Array(body.utf8))
            #expect(answer.status == 400, "\(answer.text)")
            #expect((answer.json["error"] as? String)?.contains(message) == true, "\(answer.text)")
        }
    }

    @Test("a body that is not a list of products is a 400 that shows the shape")
    func badBodies() throws {
        let server = try LiveServer.withAdmin(.v2b)
        for body in ["", "[]", #"{"products": []}"#, #"{"items": []}"#, #"{"products": [1]}"#] {
            let answer = try server.admin("POST", "/__admin/products", body: Array(body.utf8))
            #expect(answer.status == 400, "\(body): \(answer.text)")
            #expect((answer.json["error"] as? String)?.isEmpty == false)
        }
        #expect(try server.admin("POST", "/__admin/products?x=1", body: Self.body()).status == 400)
    }
}
