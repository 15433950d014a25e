import OpenMarketStore
import Testing

@Suite("Patching products")
struct PatchTests {
    @Test(arguments: Location.allCases)
    func onlyTheFieldsPresentChange(location: Location) throws {
        let (store, directory) = try location.makeStore()
        defer { withExtendedLifetime(directory) {} }
        let created = try store.createProduct(Fixture.product("before"), images: [Fixture.image("x")])

        let patched = try #require(try store.patchProduct(id: created.id, ProductPatch(price: 9.99, discountedPrice: 1)))

        var expected = created
        expected.fields.price = 9.99
        expected.fields.discountedPrice = 1
        #expect(patched == expected)
        #expect(try store.product(id: created.id) == expected)
    }

    @Test func everyScalarFieldCanChange() throws {
        let store = try MarketStore(path: ":memory:")
        let created = try store.createProduct(Fixture.product("before"), images: [Fixture.image("x")])
        let patch = ProductPatch(name: "after", description: "", price: 2, currency: "USD", discountedPrice: 0, stock: 0)
        let patched = try #require(try store.patchProduct(id: created.id, patch))
        #expect(patched.name == "after")
        #expect(patched.description == "")
        #expect(patched.price == 2)
        #expect(patched.currency == "USD")
        #expect(patched.discountedPrice == 0)
        #expect(patched.stock == 0)
        #expect(patched.registeredAt == created.registeredAt)
    }

    @Test func anEmptyPatchChangesNothing() throws {
        let store = try MarketStore(path: ":memory:")
        let created = try store.createProduct(Fixture.product("same"), images: [Fixture.image("x")])
        #expect(try store.patchProduct(id: created.id, ProductPatch()) == created)
    }

    @Test func theThumbnailCanBeAnyOfTheProductsOwnImages() throws {
        let store = try MarketStore(path: ":memory:")
        let created = try store.createProduct(Fixture.product("t"), images: [Fixture.image("t0"), Fixture.image("t1")])
        let second = created.images[1]
        let patched = try #require(try store.patchProduct(id: created.id, ProductPatch(thumbnailImageID: second.id)))
        #expect(patched.thumbnailImageID == second.id)
        #expect(patched.thumbnail == second)
        #expect(try store.page(offset: 0, limit: 1, search: nil, order: .newestFirst).products.first?.thumbnail == second)
    }

    @Test func anotherProductsImageIsRefusedAsThumbnailAndNothingChanges() throws {
        let store = try MarketStore(path: ":memory:")
        let mine = try store.createProduct(Fixture.product("mine"), images: [Fixture.image("m")])
        let theirs = try store.createProduct(Fixture.product("theirs"), images: [Fixture.image("t")])
        let foreignImage = theirs.images[0].id

        #expect(throws: StoreError.thumbnailNotOwnImage(imageID: foreignImage, productID: mine.id)) {
            try store.patchProduct(id: mine.id, ProductPatch(name: "changed", thumbnailImageID: foreignImage))
        }
        #expect(throws: StoreError.thumbnailNotOwnImage(imageID: 999, productID: mine.id)) {
            try store.patchProduct(id: mine.id, ProductPatch(thumbnailImageID: 999))
        }
        #expect(try store.product(id: mine.id) == mine)
    }

    @Test func replacementImagesReplaceAllImagesAndTheThumbnail() throws {
        let store = try MarketStore(path: ":memory:")
        let old = [Fixture.image("old0"), Fixture.image("old1")]
        let created = try store.createProduct(Fixture.product("v1 item"), images: old)
        _ = try store.patchProduct(id: created.id, ProductPatch(thumbnailImageID: created.images[1].id))
        let new = [Fixture.image("new0"), Fixture.image("new1"), Fixture.image("new2")]

        let patched = try #require(try store.patchProduct(id: created.id, ProductPatch(replacementImages: new)))

        #expect(patched.images.map(\.originKey) == new.map(\.originKey))
        #expect(patched.images.map(\.position) == [0, 1, 2])
        #expect(patched.images.allSatisfy { $0.id > created.images[1].id })
        #expect(patched.thumbnail == patched.images.first)
        for image in old { #expect(try store.image(key: image.originKey) == nil) }
        for image in new { #expect(try store.image(key: image.thumbnailKey)?.bytes == image.bytes) }
    }

    @Test func aThumbnailPatchedWithReplacementImagesMustBeANewImage() throws {
        let store = try MarketStore(path: ":memory:")
        let created = try store.createProduct(Fixture.product("p"), images: [Fixture.image("keep")])
        let patch = ProductPatch(thumbnailImageID: created.images[0].id, replacementImages: [Fixture.image("gone")])
        #expect(throws: StoreError.thumbnailNotOwnImage(imageID: created.images[0].id, productID: created.id)) {
            try store.patchProduct(id: created.id, patch)
        }
        #expect(try store.product(id: created.id) == created)
        #expect(try store.image(key: Fixture.image("keep").originKey) != nil)
    }

    @Test func patchingAnUnknownProductIsNil() throws {
        let store = try MarketStore(path: ":memory:")
        #expect(try store.patchProduct(id: 7, ProductPatch(name: "x", replacementImages: [Fixture.image("x")])) == nil)
        #expect(try store.image(key: Fixture.image("x").originKey) == nil)
    }
}
