import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import OpenMarketStore
import Testing

/// Spec §6.8: only v1 takes a body that ends after a delimiter line; Tomcat behind v2 refused it.
@Suite("v2 multipart without the closing delimiter")
struct V2bUnclosedMultipartTests {
    @Test("a create ending after a delimiter line is 400 with the precise message; nothing is stored")
    func refused() throws {
        let server = try LiveServer(.v2b)
        var builder = MultipartBuilder()
        builder.addField("params", LiveServer.params(), contentType: "application/json")
        builder.addFile("images", filename: "photo.png", data: SampleImages.png)
        let body = builder.endedAfterDelimiterLine()
        let response = try server.request(
            "POST", "/api/products",
            headers: [("identifier", LiveServer.vendorA.identifier), ("Content-Type", builder.contentType)], body: body)
        #expect(response.status == 400)
        let message = "part 3: the body ends at byte \(body.count) where the part headers should start; "
            + "the last delimiter must be \"--\(builder.boundary)--\", with two hyphens after the boundary"
        #expect(response.json["message"] as? String == message, "\(response.text)")
        #expect(try server.request("GET", "/api/products").json["totalCount"] as? Int == 0)
    }
}
