import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import Testing

@Suite("v1 delete")
struct V1DeleteTests {
    private let password = LiveServer.itemPassword

    @Test("v1b takes {\"password\"} and answers the deleted item; its images go with it")
    func v1b() throws {
        let server = try LiveServer(.v1b)
        let id = try server.createdItemID()
        let before = try server.request("GET", "/item/\(id)")
        let deleted = try server.deleteItem(id, json: #"{"password":"\#(password)"}"#)
        #expect(deleted.status == 200)
        #expect(deleted.text == before.text)
        #expect(try server.request("GET", "/item/\(id)").status == 404)
        for url in (before.json["images"] as? [String] ?? []) + (before.json["thumbnails"] as? [String] ?? []) {
            #expect(try server.request("GET", URLPath.of(url)).status == 404)
        }
        #expect(try server.deleteItem(id, json: #"{"password":"\#(password)"}"#).status == 404)
    }

    @Test("v1a takes {\"id\",\"password\"} and answers {\"id\"}")
    func v1a() throws {
        let server = try LiveServer(.v1a)
        let id = try server.createdItemID()
        let deleted = try server.deleteItem(id, json: #"{"id":\#(id),"password":"\#(password)"}"#)
        #expect(deleted.status == 200)
        #expect(deleted.text == #"{"id":\#(id)}"#)
        #expect(deleted.header("Content-Type") == "application/json; charset=utf-8")
        #expect(try server.request("GET", "/item/\(id)").status == 404)
    }

    @Test("v1a: the body's id may be left out, but one naming another item is 400 and deletes nothing")
    func v1aBodyID() throws {
        let server = try LiveServer(.v1a)
        let first = try server.createdItemID()
        let second = try server.createdItemID()
        let mismatch = try server.deleteItem(first, json: #"{"id":\#(second),"password":"\#(password)"}"#)
        #expect(mismatch.status == 400)
        #expect(server.generation.errorMessage(mismatch)?.contains("\"id\"") == true)
        #expect(try server.request("GET", "/items/1").text.contains(#""id":2"#))
        #expect(try server.deleteItem(first, json: #"{"password":"\#(password)"}"#).text == #"{"id":\#(first)}"#)
    }

    @Test("v1a: the body's id as a number may be written 7.0, as text only in digits (\"7.0\" is 400, nothing deleted)")
    func v1aBodyIDSpellings() throws {
        let server = try LiveServer(.v1a)
        let id = try server.createdItemID()
        for refused in [#""\#(id).0""#, #""\#(id)e0""#, #""\#(id).""#] {
            let response = try server.deleteItem(id, json: #"{"id":\#(refused),"password":"\#(password)"}"#)
            #expect(response.status == 400, "\(refused)")
            #expect(server.generation.errorMessage(response)?.contains(#""id" must be a whole number"#) == true)
        }
        #expect(try server.request("GET", "/item/\(id)").status == 200)
        let deleted = try server.deleteItem(id, json: #"{"id":" \#(id) ","password":"\#(password)"}"#)
        #expect(deleted.text == #"{"id":\#(id)}"#)
        let other = try server.createdItemID()
        #expect(try server.deleteItem(other, json: #"{"id":\#(other).0,"password":"\#(password)"}"#).status == 200)
    }

    @Test("v1b ignores extra keys, an id for another item included")
    func v1bExtraKeys() throws {
        let server = try LiveServer(.v1b)
        let id = try server.createdItemID()
        let deleted = try server.deleteItem(id, json: #"{"id":999,"password":"\#(password)","reason":"sold"}"#)
        #expect(deleted.status == 200)
        #expect(deleted.json["id"] as? Int == id)
    }

    @Test("the body is JSON whatever its Content-Type says", arguments: [
        nil, "application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x",
    ])
    func contentTypes(contentType: String?) throws {
        for generation in v1Generations {
            let server = try LiveServer(generation)
            let id = try server.createdItemID()
            #expect(try server.deleteItem(id, json: #"{"password":"\#(password)"}"#, contentType: contentType).status == 200)
        }
    }

    @Test("wrong password 404, missing password or bad JSON 400, unknown item 404; nothing is deleted",
        arguments: v1Generations)
    func refusals(generation: Generation) throws {
        let server = try LiveServer(generation)
        let id = try server.createdItemID()
        let cases: [(String, Int)] = [
            (#"{"password":"wrong"}"#, 404), (#"{"secret":"\#(password)"}"#, 400), ("", 400), ("{", 400), ("[]", 400),
        ]
        for (body, status) in cases {
            let response = try server.deleteItem(id, json: body)
            #expect(response.status == status, "\(body)")
            #expect(server.generation.isErrorBody(response))
        }
        #expect(try server.deleteItem(42, json: #"{"password":"\#(password)"}"#).status == 404)
        #expect(try server.request("GET", "/item/\(id)").status == 200)
    }

    @Test("ids are never reused, not after a delete and not after a restart", arguments: v1Generations)
    func idsNotReused(generation: Generation) throws {
        let server = try LiveServer(generation)
        _ = try server.createdItemID()
        let removed = try server.createdItemID()
        #expect(try server.deleteItem(removed, json: #"{"password":"\#(password)"}"#).status == 200)
        try server.restart()
        #expect(try server.request("GET", "/items/1").json["items"] as? [[String: Any]] != nil)
        #expect(try server.createdItemID() == removed + 1)
    }
}
