import OpenMarketClient
import Testing

extension MarketContractTests {
    @Test("a patch changes only the fields it carries, and a later detail reads the same")
    func patchChangesOnlyTheFieldsItCarries() async throws {
        let before = try await market.owner.createProduct(.sample(price: 1000, discountedPrice: 100, stock: 1))
        let after = try await market.owner.updateProduct(id: before.id, changes: ProductChanges(price: 2500, stock: 4))
        let old = before.product
        let expected = Product(
            id: old.id, vendorID: old.vendorID, name: old.name, description: old.description,
            thumbnailURL: old.thumbnailURL, currency: old.currency, price: 2500, bargainPrice: 2400,
            discountedPrice: old.discountedPrice, stock: 4, createdAt: old.createdAt, issuedAt: old.issuedAt)
        #expect(after.product == expected)
        #expect(after.images == before.images)
        #expect(after.vendor == before.vendor)
        #expect(try await market.reader.productDetail(id: before.id) == after)
    }

    @Test("every field the client can change reaches the server under the key it reads")
    func everyFieldCanBeChanged() async throws {
        let id = try await market.owner.createProduct(.sample()).id
        let changes = ProductChanges(
            name: "new name", description: "new description", price: 30, currency: .usd, discountedPrice: 5, stock: 9)
        let after = try await market.owner.updateProduct(id: id, changes: changes)
        #expect(after.name == changes.name)
        #expect(after.description == changes.description)
        #expect(after.price == changes.price)
        #expect(after.currency == changes.currency)
        #expect(after.discountedPrice == changes.discountedPrice)
        #expect(after.stock == changes.stock)
        #expect(after.bargainPrice == 25)
    }

    @Test("thumbnail_id makes another of the product's own images its thumbnail")
    func thumbnailIDMovesTheThumbnail() async throws {
        let created = try await market.owner.createProduct(.sample(images: [Uploads.png, Uploads.gif]))
        let second = try #require(created.images.last)
        let after = try await market.owner.updateProduct(id: created.id, changes: ProductChanges(thumbnailID: second.id))
        #expect(after.thumbnailURL == second.thumbnailURL)
        #expect(try await market.fetch(after.thumbnailURL).body == Uploads.gif.data)
    }

    @Test("thumbnail_id naming another product's image is refused, and the thumbnail stays")
    func foreignThumbnailIDIsRefused() async throws {
        let product = try await market.owner.createProduct(.sample(images: [Uploads.png, Uploads.gif]))
        let other = try await market.owner.createProduct(.sample())
        let foreignImage = try #require(other.images.first).id
        await expectRefusal(
            status: 400, message: "\"thumbnail_id\" 3 is not an image of product 1; use one of its image ids: 1, 2"
        ) { () async throws(OpenMarketError) in
            try await market.owner.updateProduct(id: product.id, changes: ProductChanges(thumbnailID: foreignImage))
        }
        #expect(try await market.reader.productDetail(id: product.id) == product)
    }
}
