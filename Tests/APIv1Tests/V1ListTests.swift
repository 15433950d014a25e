import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import Testing

@Suite("v1 list and detail")
struct V1ListTests {
    @Test("an empty market answers page 1 with no items", arguments: v1Generations)
    func emptyMarket(generation: Generation) throws {
        let server = try LiveServer(generation)
        let response = try server.request("GET", "/items/1")
        #expect(response.status == 200)
        #expect(response.text == #"{"page":1,"items":[]}"#)
    }

    @Test("20 items a page, oldest first; a page past the end is 200 with no items")
    func paging() throws {
        let server = try LiveServer(v1Generations[0])
        for index in 0..<45 {
            _ = try server.createdItemID(fields: LiveServer.itemFields(title: "item \(index)"))
        }
        func ids(_ page: Int) throws -> [Int] {
            let response = try server.request("GET", "/items/\(page)")
            #expect(response.status == 200)
            #expect(response.json["page"] as? Int == page)
            return (response.json["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
        }
        #expect(try ids(1) == Array(1...20))
        #expect(try ids(2) == Array(21...40))
        #expect(try ids(3) == Array(41...45))
        #expect(try ids(4) == [])
        #expect(try server.request("GET", "/items/9223372036854775807").status == 400)
    }

    @Test("a page that is not a positive whole number is 400 in the generation's error shape", arguments: [
        "0", "-1", "abc", "1.5", "99999999999999999999",
    ])
    func badPages(page: String) throws {
        let server = try LiveServer(v1Generations[1])
        let response = try server.request("GET", "/items/\(page)")
        #expect(response.status == 400)
        #expect(server.generation.isErrorBody(response))
        #expect(server.generation.errorMessage(response)?.contains("page") == true)
    }

    @Test("a detail of an unknown or malformed id: 404 and 400", arguments: v1Generations)
    func unknownItems(generation: Generation) throws {
        let server = try LiveServer(generation)
        let unknown = try server.request("GET", "/item/7")
        #expect(unknown.status == 404)
        #expect(server.generation.isErrorBody(unknown))
        #expect(unknown.header("Content-Type") == "application/json; charset=utf-8")
        #expect(try server.request("GET", "/item/x").status == 400)
    }

    @Test("slashes are normalised; a wrong method is 405 and an unknown path 404, both in the generation's error shape",
        arguments: v1Generations)
    func routing(generation: Generation) throws {
        let server = try LiveServer(generation)
        let created = try server.createItem(path: "/item/")
        #expect(created.status == 200)
        #expect(try server.request("GET", "//items//1/").json["items"] as? [[String: Any]] != nil)
        let wrongMethod = try server.request("PUT", "/item/1")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.header("Allow") == "GET, PATCH, DELETE, HEAD")
        #expect(server.generation.isErrorBody(wrongMethod))
        let unknown = try server.request("GET", "/healthChecker")
        #expect(unknown.status == 404)
        #expect(server.generation.isErrorBody(unknown))
        #expect(try server.request("GET", "/api/products").status == 404)
    }

    @Test("passwords never appear in responses", arguments: v1Generations)
    func noPasswords(generation: Generation) throws {
        let server = try LiveServer(generation)
        let created = try server.createItem()
        let texts = try [created.text, server.request("GET", "/item/1").text, server.request("GET", "/items/1").text]
        for text in texts {
            #expect(!text.contains(LiveServer.itemPassword))
        }
    }

    @Test("the generations say who they are and that they have no vendors")
    func names() {
        #expect(v1Generations.map { $0.name } == ["v1a", "v1b"])
        #expect(v1Generations.allSatisfy { !$0.usesVendors })
    }
}
