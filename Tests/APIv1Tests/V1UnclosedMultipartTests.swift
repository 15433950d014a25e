import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import Testing

/// Spec §6.8: v1 takes a multipart body that ends right after a delimiter line, as yagom `1-sole` sends every
/// POST and PATCH.
@Suite("v1 multipart without the closing delimiter")
struct V1UnclosedMultipartTests {
    private static func form(_ fields: [(String, String)], images: [[UInt8]]) -> MultipartBuilder {
        var builder = MultipartBuilder()
        for (name, value) in fields {
            builder.addField(name, value)
        }
        for image in images {
            builder.addFile("images[]", filename: "photo.jpg", contentType: "image/jpeg", data: image)
        }
        return builder
    }

    private static func send(
        _ server: LiveServer, _ method: String, _ path: String, _ builder: MultipartBuilder, body: [UInt8]
    ) throws -> RawResponse {
        try server.request(method, path, headers: [("Content-Type", builder.contentType)], body: body)
    }

    @Test("a create ending after a delimiter line stores the item; its images come back", arguments: v1Generations)
    func create(generation: Generation) throws {
        let server = try LiveServer(generation)
        let jpeg = SampleImages.jpeg(size: 5000)
        let builder = Self.form(LiveServer.itemFields(title: "sole"), images: [jpeg, SampleImages.png])
        let created = try Self.send(server, "POST", "/item", builder, body: builder.endedAfterDelimiterLine())
        #expect(created.status == 200, "\(created.text)")
        #expect(created.json["title"] as? String == "sole")
        #expect(try server.request("GET", "/item/1").text == created.text)
        let images = created.json["images"] as? [String] ?? []
        #expect(images.count == 2)
        for (url, bytes) in zip(images, [jpeg, SampleImages.png]) {
            #expect(try server.request("GET", URLPath.of(url)).body == bytes)
        }
    }

    @Test("a patch ending after a delimiter line changes the item", arguments: v1Generations)
    func patch(generation: Generation) throws {
        let server = try LiveServer(generation)
        let id = try server.createdItemID()
        let gif = SampleImages.gif
        let builder = Self.form([("stock", "7"), ("password", LiveServer.itemPassword)], images: [gif])
        let patched = try Self.send(server, "PATCH", "/item/\(id)", builder, body: builder.endedAfterDelimiterLine())
        #expect(patched.status == 200, "\(patched.text)")
        #expect(patched.json["stock"] as? Int == 7)
        let images = patched.json["images"] as? [String] ?? []
        #expect(images.count == 1)
        #expect(try server.request("GET", URLPath.of(try #require(images.first))).body == gif)
    }

    @Test("a body that stops inside a part is still 400 and stores nothing", arguments: v1Generations)
    func cutInsideAPart(generation: Generation) throws {
        let server = try LiveServer(generation)
        let builder = Self.form(LiveServer.itemFields(), images: [SampleImages.png])
        let cut = Array(builder.body.dropLast(10))
        let response = try Self.send(server, "POST", "/item", builder, body: cut)
        #expect(response.status == 400)
        #expect(server.generation.isErrorBody(response))
        #expect(server.generation.errorMessage(response)?.contains("the body ends at byte \(cut.count)") == true,
                "\(response.text)")
        #expect(try server.request("GET", "/items/1").text == #"{"page":1,"items":[]}"#)
    }
}
