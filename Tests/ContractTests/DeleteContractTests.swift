import OpenMarketClient
import Testing

extension MarketContractTests {
    @Test("delete through the archived URI answers the product as it was, then its detail is 404")
    func deleteAnswersTheProductThenDetailIs404() async throws {
        let created = try await market.owner.createProduct(.sample())
        #expect(try await market.owner.deleteProduct(id: created.id) == created)
        await expectRefusal(status: 404, message: "no product has the id \(created.id)") { () async throws(OpenMarketError) in
            try await market.reader.productDetail(id: created.id)
        }
    }

    @Test("a deletion path deletes once; using it again is 404")
    func deletionPathDeletesOnce() async throws {
        let id = try await market.owner.createProduct(.sample()).id
        let path = try await market.owner.deletionPath(forProductID: id)
        #expect(path.hasPrefix("/api/products/"))
        _ = try await market.owner.deleteProduct(atPath: path)
        let token = path.dropFirst("/api/products/".count)
        await expectRefusal(
            status: 404,
            message: "no product is waiting for deletion under \"\(token)\"; DELETE the exact URI that "
                + "POST /api/products/{id}/archived answered (each URI deletes once)"
        ) { () async throws(OpenMarketError) in
            try await market.owner.deleteProduct(atPath: path)
        }
    }

    @Test("looking up a deletion path deletes nothing")
    func deletionPathLookupKeepsTheProduct() async throws {
        let created = try await market.owner.createProduct(.sample())
        _ = try await market.owner.deletionPath(forProductID: created.id)
        #expect(try await market.reader.productDetail(id: created.id) == created)
    }

    @Test("a deleted product's images are gone")
    func deletedProductImagesAreGone() async throws {
        let created = try await market.owner.createProduct(.sample())
        _ = try await market.owner.deleteProduct(id: created.id)
        let image = try #require(created.images.first)
        for url in [image.url, image.thumbnailURL] {
            #expect(try await market.fetch(url).status == 404, "\(url)")
        }
    }

    @Test("a deleted product leaves the list and its id is never reused")
    func deletedProductLeavesTheListAndItsIDIsNotReused() async throws {
        let ids = try await market.owner.createProducts(2)
        _ = try await market.owner.deleteProduct(id: ids[1])
        let next = try await market.owner.createProduct(.sample()).id
        #expect(next == ids[1] + 1)
        #expect(try await market.reader.productPage()?.products.map(\.id) == [next, ids[0]])
    }
}
