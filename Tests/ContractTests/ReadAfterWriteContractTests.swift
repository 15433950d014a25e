import OpenMarketClient
import Testing

extension MarketContractTests {
    /// An app lists, edits and lists again; the server keeps read responses until a write, so this is where a
    /// stale answer would show.
    @Test("every write shows in the next read of the list and of the detail")
    func writesShowInTheNextRead() async throws {
        let created = try await market.owner.createProduct(.sample(name: "first"))
        #expect(try await market.reader.productPage()?.products.map(\.name) == ["first"])
        #expect(try await market.reader.productDetail(id: created.id) == created)

        let renamed = try await market.owner.updateProduct(id: created.id, changes: ProductChanges(name: "renamed"))
        #expect(try await market.reader.productPage()?.products.map(\.name) == ["renamed"])
        #expect(try await market.reader.productDetail(id: created.id) == renamed)

        let added = try await market.owner.createProduct(.sample(name: "second"))
        #expect(try await market.reader.productPage()?.products.map(\.name) == ["second", "renamed"])

        _ = try await market.owner.deleteProduct(id: created.id)
        #expect(try await market.reader.productPage()?.products.map(\.id) == [added.id])
        await expectRefusal(status: 404, message: "no product has the id \(created.id)") { () async throws(OpenMarketError) in
            try await market.reader.productDetail(id: created.id)
        }
    }
}
