import Foundation
import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import Testing

/// Spec §6.8: v1 create and PATCH also take `application/json`, as yagom `1-jake` and `1-jacob` sent them.
@Suite("v1 JSON create and patch")
struct V1JSONBodyTests {
    private static let password = LiveServer.itemPassword

    private static func base64(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }

    private static func images(_ images: [[UInt8]], key: String = "images") -> String {
        #""\#(key)":[\#(images.map { "\"\(base64($0))\"" }.joined(separator: ","))]"#
    }

    private static func send(
        _ server: LiveServer, _ method: String, _ path: String, _ json: String,
        contentType: String = "application/json"
    ) throws -> RawResponse {
        try server.request(method, path, headers: [("Content-Type", contentType)], body: Array(json.utf8))
    }

    private static let fields =
        #""title":"맥북 \"JSON\"","descriptions":"base64 images","price":1690,"currency":"KRW","stock":3,"password":"\#(password)""#

    private static func expectNothingStored(_ server: LiveServer, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try server.request("GET", "/items/1").text == #"{"page":1,"items":[]}"#, sourceLocation: sourceLocation)
    }

    @Test("a JSON create stores the item; each image comes back byte for byte", arguments: v1Generations)
    func create(generation: Generation) throws {
        let server = try LiveServer(generation)
        let jpeg = SampleImages.jpeg(size: 40_000)
        let created = try Self.send(server, "POST", "/item", "{\(Self.fields),\(Self.images([jpeg, SampleImages.png]))}")
        #expect(created.status == 200, "\(created.text)")
        #expect(created.json["title"] as? String == "맥북 \"JSON\"")
        #expect(created.text.contains(#""price":1690,"currency":"KRW","stock":3,"thumbnails""#))
        #expect(try server.request("GET", "/item/1").text == created.text)
        let images = created.json["images"] as? [String] ?? []
        #expect(images.count == 2)
        for (url, bytes) in zip(images, [jpeg, SampleImages.png]) {
            let served = try server.request("GET", URLPath.of(url))
            #expect(served.status == 200)
            #expect(served.body == bytes)
        }
    }

    @Test("numbers as strings, `images[]`, a charset parameter and any letter case", arguments: v1Generations)
    func lenientForms(generation: Generation) throws {
        let server = try LiveServer(generation)
        let json = #"{"title":"mug","descriptions":"d","price":"2500","currency":"USD","stock":"7","#
            + #""discounted_price":"100","password":"\#(Self.password)","unknown":{"a":[1]},"#
            + Self.images([SampleImages.gif], key: "images[]") + "}"
        let created = try Self.send(server, "POST", "/item", json, contentType: "Application/JSON ; charset=utf-8")
        #expect(created.status == 200, "\(created.text)")
        #expect(created.text.contains(#""price":2500,"currency":"USD","stock":7,"discounted_price":100,"#))
        let image = try #require((created.json["images"] as? [String])?.first)
        #expect(try server.request("GET", URLPath.of(image)).body == SampleImages.gif)
    }

    @Test("a whole JSON number with a fraction or an exponent is that number (Vapor's JSONDecoder); null is absent",
          arguments: v1Generations)
    func wholeNumbersWithFractions(generation: Generation) throws {
        let server = try LiveServer(generation)
        let json = #"{"title":"mug","descriptions":"d","price":2.5e3,"currency":"USD","stock":7.0,"#
            + #""discounted_price":-100.000,"password":"\#(Self.password)","# + Self.images([SampleImages.png]) + "}"
        let created = try Self.send(server, "POST", "/item", json)
        #expect(created.status == 200, "\(created.text)")
        #expect(created.text.contains(#""price":2500,"currency":"USD","stock":7,"discounted_price":-100,"#))
        let id = try #require(created.json["id"] as? Int)
        let patched = try Self.send(
            server, "PATCH", "/item/\(id)", #"{"stock":1e1,"title":null,"price":null,"password":"\#(Self.password)"}"#)
        #expect(patched.text.contains(#""title":"mug","descriptions":"d","price":2500,"currency":"USD","stock":10,"#),
                "\(patched.text)")
    }

    @Test("a JSON patch changes the fields it carries; images replace all images", arguments: v1Generations)
    func patch(generation: Generation) throws {
        let server = try LiveServer(generation)
        let id = try server.createdItemID(images: LiveServer.imageFiles([SampleImages.png, SampleImages.png]))
        let unchanged = try Self.send(server, "PATCH", "/item/\(id)", #"{"password":"\#(Self.password)"}"#)
        #expect(unchanged.status == 200)
        #expect(try server.request("GET", "/item/\(id)").text == unchanged.text)
        let jpeg = SampleImages.jpeg(size: 3000)
        let json = #"{"price":2500,"stock":"9","password":"\#(Self.password)",\#(Self.images([jpeg]))}"#
        let patched = try Self.send(server, "PATCH", "/item/\(id)", json)
        #expect(patched.status == 200, "\(patched.text)")
        #expect(patched.text.contains(#""price":2500,"currency":"USD","stock":9,"#))
        let images = patched.json["images"] as? [String] ?? []
        #expect(images.count == 1)
        #expect(try server.request("GET", URLPath.of(try #require(images.first))).body == jpeg)
        #expect(try server.request("GET", "/item/\(id)").text == patched.text)
    }

    static let refusedCreates: [(json: String, reason: String)] = [
        (#"{\#(fields),"images":["iVBORw0KGgo"]}"#,
         #"element 1 of "images" is not standard base64: its length (11 characters) is not a multiple of 4"#),
        (#"{\#(fields),"images":["iVBO-w0KGgo="]}"#, #"element 1 of "images" is not standard base64: "-" at offset 4"#),
        (#"{\#(fields),"images":["\#(base64(Array("not an image".utf8)))"]}"#,
         #"element 1 of "images" is not a JPEG, PNG, GIF or WebP image by its bytes"#),
        (#"{\#(fields),"images":[""]}"#, #"element 1 of "images" is empty"#),
        (#"{\#(fields),"images":"\#(base64(SampleImages.png))"}"#,
         #""images" must be an array of base64 strings, one per image; found "#),
        (#"{\#(fields),"images":[[1]]}"#, #"element 1 of "images" must be a string of the image's bytes in base64"#),
        (#"{\#(fields),"images":[]}"#, "at least one image is required"),
        (#"{\#(fields)}"#, "at least one image is required"),
        (#"[{\#(fields)}]"#, "the JSON body: JSON parse error at byte 0: expected a JSON object ({...}), found an array"),
        (#""title""#, "expected a JSON object ({...}), found \"title\""),
        ("", "the JSON body is empty; send a JSON object such as"),
        (#"{"title":"t","#, "the JSON body"),
        (#"{"descriptions":"d","price":1,"currency":"KRW","stock":1,"password":"p","images":[]}"#,
         #""title" is missing; add a "title" member to the JSON object"#),
        (#"{\#(fields.replacingOccurrences(of: "1690", with: "16.9")),\#(images([SampleImages.png]))}"#,
         #""price" must be a whole number"#),
        (#"{\#(fields.replacingOccurrences(of: "\"stock\":3", with: "\"stock\":[3]")),\#(images([SampleImages.png]))}"#,
         #""stock" must be a string"#),
        (#"{\#(fields.replacingOccurrences(of: "\"stock\":3", with: "\"stock\":-9223372036854775809")),\#(images([SampleImages.png]))}"#,
         #""stock" must be a whole number"#),
    ]

    @Test("bad JSON bodies are 400 with a reason that says what to fix; nothing is stored", arguments: refusedCreates)
    func refusedCreate(json: String, reason: String) throws {
        let server = try LiveServer(.v1a)
        let response = try Self.send(server, "POST", "/item", json)
        #expect(response.status == 400)
        #expect(server.generation.isErrorBody(response))
        #expect(server.generation.errorMessage(response)?.contains(reason) == true, "\(response.text)")
        try Self.expectNothingStored(server)
    }

    @Test("a JSON patch with a bad image changes nothing; a wrong password is 404", arguments: v1Generations)
    func refusedPatch(generation: Generation) throws {
        let server = try LiveServer(generation)
        let id = try server.createdItemID()
        let before = try server.request("GET", "/item/\(id)").text
        let badImage = #"{"price":1,"password":"\#(Self.password)","images":["\#(Self.base64([1, 2, 3]))"]}"#
        let refused = try Self.send(server, "PATCH", "/item/\(id)", badImage)
        #expect(refused.status == 400)
        #expect(server.generation.errorMessage(refused)?.contains("is not a JPEG, PNG, GIF or WebP") == true)
        #expect(try Self.send(server, "PATCH", "/item/\(id)", #"{"price":1,"password":"nope"}"#).status == 404)
        #expect(try Self.send(server, "PATCH", "/item/\(id)", #"{"price":1}"#).status == 400)
        #expect(try server.request("GET", "/item/\(id)").text == before)
    }
}
