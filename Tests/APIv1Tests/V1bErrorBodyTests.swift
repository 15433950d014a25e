import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import Testing

/// docs/wire-format.md §6.9: v1b answers every error as `{"message"}` alone, and a wrong password as the real server did.
@Suite("v1b: the error body of its own")
struct V1bErrorBodyTests {
    private static let wrongPassword = #"{"message":"Cannot find data for ID and password"}"#

    @Test("a wrong password on PATCH and DELETE is 404 with exactly the real server's message; nothing changes")
    func wrongPassword() throws {
        let server = try LiveServer(.v1b)
        let id = try server.createdItemID()
        let before = try server.request("GET", "/item/\(id)").text
        let patch = try server.patchItem(id, fields: [("price", "1"), ("password", "nope")])
        #expect(patch.status == 404)
        #expect(patch.text == Self.wrongPassword)
        #expect(patch.header("Content-Type") == "application/json; charset=utf-8")
        let delete = try server.deleteItem(id, json: #"{"password":"nope"}"#)
        #expect(delete.status == 404)
        #expect(delete.text == Self.wrongPassword)
        #expect(try server.request("GET", "/item/\(id)").text == before)
    }

    @Test("routing and body-size refusals use the same body")
    func routingAndBodySize() throws {
        let server = try LiveServer(.v1b, maxBodyBytes: 4096)
        let unknown = try server.request("GET", "/nope")
        #expect(unknown.status == 404)
        #expect(unknown.text == #"{"message":"no such path: GET /nope"}"#)
        let wrongMethod = try server.request("PUT", "/item")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.text == #"{"message":"PUT is not allowed on /item; use POST"}"#)
        #expect(wrongMethod.header("Allow") == "POST")
        let tooLarge = try server.createItem(images: LiveServer.imageFiles([SampleImages.jpeg(size: 10_000)]))
        #expect(tooLarge.status == 413)
        #expect(tooLarge.keyOrder == ["message"])
    }

    @Test(
        "the shim's own refusals use the same body",
        .enabled(if: TestTransport.current == .socket, "a head over the server's limit only travels on a socket"))
    func shimRefusal() throws {
        let server = try LiveServer(.v1b)
        let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 3)
        try connection.send("GET /items HTTP/1.1\r\nHost: x\r\nX-Long: \(String(repeating: "a", count: 20_000))\r\n\r\n")
        let tooLarge = try connection.readResponse()
        #expect(tooLarge.status == 431)
        #expect(tooLarge.keyOrder == ["message"])
        #expect((tooLarge.json["message"] as? String)?.contains("headers") == true)
    }

    @Test("an unknown item is still named in v1's words")
    func unknownItem() throws {
        let server = try LiveServer(.v1b)
        let response = try server.deleteItem(99, json: #"{"password":"x"}"#)
        #expect(response.status == 404)
        #expect(response.text == #"{"message":"no item has the id 99"}"#)
    }
}
