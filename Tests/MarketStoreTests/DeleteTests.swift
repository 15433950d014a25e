import Foundation
import OpenMarketHTTPTestSupport
import OpenMarketSQLite
import OpenMarketStore
import Testing

@Suite("Deleting products")
struct DeleteTests {
    @Test(arguments: Location.allCases)
    func deletingReturnsTheDetailAndTakesTheImagesAlong(location: Location) throws {
        let (store, directory) = try location.makeStore()
        defer { withExtendedLifetime(directory) {} }
        let images = [Fixture.image("d0"), Fixture.image("d1")]
        let created = try store.createProduct(Fixture.product("doomed"), images: images)
        let kept = try store.createProduct(Fixture.product("kept"), images: [Fixture.image("k")])

        #expect(try store.deleteProduct(id: created.id) == created)

        #expect(try store.product(id: created.id) == nil)
        #expect(try store.deleteProduct(id: created.id) == nil)
        for image in images {
            #expect(try store.image(key: image.originKey) == nil)
            #expect(try store.image(key: image.thumbnailKey) == nil)
        }
        #expect(try store.product(id: kept.id) == kept)
        #expect(try store.page(offset: 0, limit: 10, search: nil, order: .newestFirst).products == [kept])
    }

    @Test func noImageRowOrBlobOutlivesItsProduct() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("orphans.sqlite")
        let store = try MarketStore(path: path)
        let created = try store.createProduct(Fixture.product("p"), images: [Fixture.image("a"), Fixture.image("b")])
        _ = try store.deleteProduct(id: created.id)
        let counts = try Connection(path: path, flags: [.readOnly]).withStatement(
            "SELECT (SELECT count(*) FROM images) + (SELECT count(*) FROM image_data)"
        ) {
            try #require(try $0.step())
            return $0.column(0) as Int64
        }
        #expect(counts == 0)
    }

    @Test func aDeleteTokenDeletesItsProductExactlyOnce() throws {
        let store = try MarketStore(path: ":memory:")
        let created = try store.createProduct(Fixture.product("archived"), images: [Fixture.image("a")])
        let other = try store.createProduct(Fixture.product("other"), images: [Fixture.image("o")])
        try store.setDeleteToken("token-1", productID: created.id)

        #expect(try store.product(deleteToken: "token-1") == created)
        #expect(try store.product(deleteToken: "token-2") == nil)
        #expect(try store.deleteProduct(deleteToken: "token-2") == nil)
        #expect(try store.deleteProduct(deleteToken: "token-1") == created)
        #expect(try store.product(deleteToken: "token-1") == nil)
        #expect(try store.deleteProduct(deleteToken: "token-1") == nil)
        #expect(try store.product(id: other.id) == other)
    }

    @Test func aNewDeleteTokenReplacesTheOldOne() throws {
        let store = try MarketStore(path: ":memory:")
        let created = try store.createProduct(Fixture.product("p"), images: [Fixture.image("p")])
        try store.setDeleteToken("old", productID: created.id)
        try store.setDeleteToken("new", productID: created.id)
        #expect(try store.deleteProduct(deleteToken: "old") == nil)
        #expect(try store.deleteProduct(deleteToken: "new")?.id == created.id)
    }

    @Test func aDeleteTokenNeedsAnExistingProduct() throws {
        let store = try MarketStore(path: ":memory:")
        #expect(throws: StoreError.productNotFound(id: 3)) { try store.setDeleteToken("t", productID: 3) }
    }
}
