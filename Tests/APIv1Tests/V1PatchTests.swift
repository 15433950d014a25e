import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import Testing

@Suite("v1 patch")
struct V1PatchTests {
    private let password = ("password", LiveServer.itemPassword)

    @Test("a patch changes only the fields it carries and answers 200 with the item", arguments: v1Generations)
    func patch(generation: Generation) throws {
        let server = try LiveServer(generation)
        let id = try server.createdItemID()
        let response = try server.patchItem(id, fields: [("price", "2500"), ("discounted_price", "100"), password])
        #expect(response.status == 200)
        #expect(response.text.contains(#""price":2500,"currency":"USD","stock":3,"discounted_price":100,"#))
        #expect(response.json["title"] as? String == "MacBook Pro")
        #expect(try server.request("GET", "/item/\(id)").text == response.text)
    }

    @Test("a patch with only the password answers the item unchanged")
    func passwordCheck() throws {
        let server = try LiveServer(.v1b)
        let id = try server.createdItemID()
        let before = try server.request("GET", "/item/\(id)")
        let response = try server.patchItem(id, fields: [password])
        #expect(response.status == 200)
        #expect(response.text == before.text)
    }

    @Test("password rules: wrong 404 as the real server, missing 400, unknown item 404; nothing changes")
    func passwords() throws {
        let server = try LiveServer(.v1a)
        let id = try server.createdItemID()
        let before = try server.request("GET", "/item/\(id)").text
        let wrong = try server.patchItem(id, fields: [("price", "1"), ("password", "nope")])
        #expect(wrong.status == 404)
        #expect(server.generation.isErrorBody(wrong))
        let missing = try server.patchItem(id, fields: [("price", "1")])
        #expect(missing.status == 400)
        #expect(server.generation.errorMessage(missing)?.contains("password") == true)
        #expect(try server.patchItem(99, fields: [("price", "1"), password]).status == 404)
        #expect(try server.patchItem(id, fields: [("price", "1.5"), password]).status == 400)
        #expect(try server.patchItem(id, fields: [("currency", ""), password]).status == 400)
        #expect(try server.request("GET", "/item/\(id)").text == before)
    }

    @Test("image parts replace all images; the old URLs stop serving", arguments: v1Generations)
    func replaceImages(generation: Generation) throws {
        let server = try LiveServer(generation)
        let id = try server.createdItemID(images: LiveServer.imageFiles([SampleImages.png, SampleImages.png]))
        let oldImages = try server.request("GET", "/item/\(id)").json["images"] as? [String] ?? []
        let jpeg = SampleImages.jpeg(size: 3000)
        let response = try server.patchItem(id, fields: [password], images: [("images", "new.jpg", jpeg)])
        #expect(response.status == 200)
        let newImages = response.json["images"] as? [String] ?? []
        let newThumbnails = response.json["thumbnails"] as? [String] ?? []
        #expect(newImages.count == 1 && newThumbnails.count == 1)
        for url in newImages + newThumbnails {
            #expect(try server.request("GET", URLPath.of(url)).body == jpeg)
        }
        for url in oldImages {
            #expect(try server.request("GET", URLPath.of(url)).status == 404)
        }
    }

    @Test("an empty or non-image part is 400 and changes nothing", arguments: [[UInt8](), Array("text".utf8)])
    func badReplacement(bytes: [UInt8]) throws {
        let server = try LiveServer(.v1b)
        let id = try server.createdItemID()
        let before = try server.request("GET", "/item/\(id)").text
        let response = try server.patchItem(
            id, fields: [("title", "changed"), password],
            images: [("images[]", "ok.png", SampleImages.png), ("images[]", "bad.png", bytes)])
        #expect(response.status == 400)
        #expect(server.generation.errorMessage(response)?.contains("bad.png") == true)
        #expect(try server.request("GET", "/item/\(id)").text == before)
    }
}
