import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import Testing

/// `/__admin/products`: the store in one shape on every generation, read without touching the API or its journal.
@Suite struct AdminProductsTests {
    @Test("the grid's page, one product with its images, and the image bytes", arguments: Generation.all)
    func products(_ generation: Generation) throws {
        let server = try LiveServer.withAdmin(generation)
        let first = try server.createAny()
        let second = try server.createAny()
        let journalBefore = try server.admin("GET", "/__admin/requests").json["latestId"] as? Int

        let page = try server.admin("GET", "/__admin/products?page=1&size=1")
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "application/json; charset=utf-8")
        #expect(page.keyOrder.prefix(2) == ["products", "id"])
        #expect(page.json["total"] as? Int == 2)
        #expect(page.json["page"] as? Int == 1)
        #expect(page.json["size"] as? Int == 1)
        let products = page.json["products"] as? [[String: Any]] ?? []
        #expect(products.map { $0["id"] as? Int } == [second], "newest first, on every generation")
        let older = try server.admin("GET", "/__admin/products?page=2&size=1").json["products"] as? [[String: Any]] ?? []
        #expect(older.map { $0["id"] as? Int } == [first])
        let summary = try #require(products.first)
        for key in ["name", "currency", "price", "discountedPrice", "bargainPrice", "stock", "registeredAt", "imageCount", "thumbnail"] {
            #expect(summary[key] != nil, "\(generation.name): a product lacks \(key)")
        }
        #expect((summary["vendor"] as? String != nil) == generation.usesVendors)

        let detail = try server.admin("GET", "/__admin/products/\(second)")
        #expect(detail.status == 200)
        #expect(detail.json["description"] as? String != nil)
        let images = detail.json["images"] as? [[String: Any]] ?? []
        #expect(images.count == 1)
        #expect(images.first?["mediaType"] as? String == "image/png")
        let url = try #require(images.first?["url"] as? String)
        #expect(url == summary["thumbnail"] as? String)
        let image = try server.admin("GET", url)
        #expect(image.status == 200)
        #expect(image.header("Content-Type") == "image/png")
        #expect(image.body == SampleImages.png)

        let journalAfter = try server.admin("GET", "/__admin/requests").json["latestId"] as? Int
        #expect(journalAfter == journalBefore, "looking at the store must not add to the journal")
    }

    @Test("an empty store and a page past the end are empty lists, not errors")
    func empty() throws {
        let server = try LiveServer.withAdmin(.v2b)
        let page = try server.admin("GET", "/__admin/products?page=9")
        #expect(page.status == 200)
        #expect((page.json["products"] as? [Any])?.isEmpty == true)
        #expect(page.json["total"] as? Int == 0)
    }
}
