import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import Testing

@Suite("v1 create")
struct V1CreateTests {
    @Test("a create answers 200 with the item, and the detail reads back the same")
    func create() throws {
        let server = try LiveServer(.v1a)
        let created = try server.createItem()
        #expect(created.status == 200)
        #expect(created.json["id"] as? Int == 1)
        #expect(try server.request("GET", "/item/1").text == created.text)
    }

    @Test("any non-empty currency, plain `images` part names, text exactly as sent")
    func lenientInput() throws {
        let server = try LiveServer(.v1b)
        let title = "맥북 🍎 \"quoted\" \\ tab\t"
        let created = try server.createItem(
            fields: LiveServer.itemFields(title: title, currency: "BTC", discountedPrice: "0"),
            images: [("images", "photo", SampleImages.png)])
        #expect(created.status == 200, "\(created.text)")
        #expect(created.json["title"] as? String == title)
        #expect(created.json["currency"] as? String == "BTC")
        #expect(created.json["discounted_price"] as? Int == 0)
        #expect(created.text.contains(#""stock":3,"discounted_price":0,"thumbnails""#))
    }

    @Test("a missing required field is 400 naming it", arguments: ["title", "descriptions", "price", "currency", "stock", "password"])
    func missingField(field: String) throws {
        let server = try LiveServer(.v1b)
        let response = try server.createItem(fields: LiveServer.itemFields().filter { $0.0 != field })
        #expect(response.status == 400)
        #expect(server.generation.isErrorBody(response))
        #expect(server.generation.errorMessage(response)?.contains("\"\(field)\"") == true, "\(response.text)")
        #expect(try server.request("GET", "/items/1").text == #"{"page":1,"items":[]}"#)
    }

    @Test("numbers must be whole: fractions and text are 400 naming the field", arguments: [
        (LiveServer.itemFields(price: "9.99"), "price"),
        (LiveServer.itemFields(price: "abc"), "price"),
        (LiveServer.itemFields(price: "9007199254740993"), "price"),
        (LiveServer.itemFields(stock: "1e3"), "stock"),
        (LiveServer.itemFields(stock: ""), "stock"),
        (LiveServer.itemFields(discountedPrice: "10.5"), "discounted_price"),
        (LiveServer.itemFields(currency: ""), "currency"),
    ])
    func badNumbers(fields: [(String, String)], field: String) throws {
        let server = try LiveServer(.v1a)
        let response = try server.createItem(fields: fields)
        #expect(response.status == 400)
        #expect(server.generation.errorMessage(response)?.contains("\"\(field)\"") == true, "\(response.text)")
    }

    @Test("an amount past 2^53 either way is 400 naming the range it must be in", arguments: [
        "9007199254740993", "-9007199254740993",
    ])
    func amountRange(price: String) throws {
        let server = try LiveServer(.v1a)
        let response = try server.createItem(fields: LiveServer.itemFields(price: price))
        #expect(response.status == 400)
        #expect(server.generation.errorMessage(response)
            == "\"price\" must be between -9007199254740992 and 9007199254740992; got \(price)")
    }

    @Test("the largest exact price and a 64-bit stock come back unchanged")
    func largeNumbers() throws {
        let server = try LiveServer(.v1a)
        let created = try server.createItem(
            fields: LiveServer.itemFields(price: "9007199254740992", stock: "-9223372036854775808", discountedPrice: "-5"))
        #expect(created.status == 200, "\(created.text)")
        #expect(created.text.contains(#""price":9007199254740992,"currency":"USD","stock":-9223372036854775808,"discounted_price":-5,"#))
    }

    @Test("a create needs at least one real image")
    func images() throws {
        let server = try LiveServer(.v1b)
        let none = try server.createItem(images: [])
        #expect(none.status == 400)
        #expect(server.generation.errorMessage(none)?.contains("image") == true)
        let text = try server.createItem(images: [("images[]", "a.png", Array("not an image".utf8))])
        #expect(text.status == 400)
        #expect(server.generation.errorMessage(text)?.contains("filename \"a.png\"") == true)
        let empty = try server.createItem(images: [("images[]", "a.png", [])])
        #expect(empty.status == 400)
        let notMultipart = try server.request(
            "POST", "/item", headers: [("Content-Type", "application/json")], body: Array(#"{"title":"x"}"#.utf8))
        #expect(notMultipart.status == 400)
        #expect(server.generation.isErrorBody(notMultipart))
    }

    @Test("every image URL serves the uploaded bytes with the type of the bytes, .png or not")
    func imageBytes() throws {
        let server = try LiveServer(.v1b)
        let jpeg = SampleImages.jpeg(size: 150_000)
        let created = try server.createItem(images: LiveServer.imageFiles([jpeg, SampleImages.gif]))
        let thumbnails = created.json["thumbnails"] as? [String] ?? []
        let images = created.json["images"] as? [String] ?? []
        #expect(thumbnails.count == 2 && images.count == 2)
        let expected: [([UInt8], String)] = [(jpeg, "image/jpeg"), (SampleImages.gif, "image/gif")]
        for (index, (bytes, type)) in expected.enumerated() {
            #expect(images[index].hasSuffix(".png") && thumbnails[index].hasSuffix(".png"))
            for url in [images[index], thumbnails[index]] {
                let response = try server.request("GET", URLPath.of(url))
                #expect(response.status == 200)
                #expect(response.body == bytes)
                #expect(response.header("Content-Type") == type)
                #expect(response.header("Content-Length") == String(bytes.count))
            }
        }
        #expect(server.generation.isErrorBody(try server.request("GET", "/images/00000000-0000-0000-0000-000000000000.png")))
        #expect(try server.request("GET", "/thumbnails/../images/x.png").status == 404)
    }

    @Test("image URLs follow the Host of the request that reads them, or --public-url")
    func hosts() throws {
        let server = try LiveServer(.v1a)
        _ = try server.createdItemID()
        let lan = try server.request("GET", "/item/1", headers: [("Host", "192.168.0.10:8080")])
        #expect((lan.json["images"] as? [String])?.first?.hasPrefix("http://192.168.0.10:8080/images/") == true)
        let fixed = try LiveServer(.v1a, publicURL: "https://emulator.example")
        let created = try fixed.createItem()
        #expect((created.json["thumbnails"] as? [String])?.first?.hasPrefix("https://emulator.example/thumbnails/") == true)
    }

    @Test("--strict names v1's fields in its messages")
    func strict() throws {
        let server = try LiveServer(.v1b, strict: true)
        let short = try server.createItem(fields: LiveServer.itemFields(title: "ab"))
        #expect(short.status == 400)
        #expect(server.generation.errorMessage(short)?.contains("\"title\"") == true, "\(short.text)")
        let brief = try server.createItem(fields: LiveServer.itemFields(descriptions: "short"))
        #expect(server.generation.errorMessage(brief)?.contains("\"descriptions\"") == true)
        #expect(try server.createItem(fields: LiveServer.itemFields(price: "10", discountedPrice: "20")).status == 400)
        #expect(try server.createItem().status == 200)
    }

    @Test("a body over --max-body-bytes answers 413 in Vapor's error shape")
    func tooLarge() throws {
        let server = try LiveServer(.v1a, maxBodyBytes: 4096)
        let response = try server.createItem(images: LiveServer.imageFiles([SampleImages.jpeg(size: 10_000)]))
        #expect(response.status == 413)
        #expect(server.generation.isErrorBody(response))
    }
}
