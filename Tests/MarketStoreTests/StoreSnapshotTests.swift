import OpenMarketHTTPTestSupport
import OpenMarketSQLite
@testable import OpenMarketStore
import Testing

@Suite("Snapshots of the whole store")
struct StoreSnapshotTests {
    @Test("a restore gives back the products, their images and the id counters", arguments: Location.allCases)
    func restoreGivesBackEverything(_ location: Location) throws {
        let (store, directory) = try location.makeStore()
        defer { withExtendedLifetime(directory) {} }
        try store.claimGeneration("v1b")
        let first = try store.createProduct(Fixture.product("first"), images: [Fixture.image("first")])
        _ = try store.createProduct(Fixture.product("second"), images: [Fixture.image("second")])
        let snapshot = try store.snapshot()
        #expect(snapshot.productCount == 2)
        #expect(snapshot.imageCount == 2)
        #expect(snapshot.generation == "v1b")
        let page = try store.page(offset: 0, limit: 10, search: nil, order: .newestFirst)
        let writesBefore = store.writeCount

        _ = try store.deleteProduct(id: first.id)
        _ = try store.createProduct(Fixture.product("third"), images: [Fixture.image("third")])
        try store.restore(snapshot)
        #expect(store.writeCount > writesBefore, "a restore is a write: caches keyed on the count are stale")
        #expect(try store.page(offset: 0, limit: 10, search: nil, order: .newestFirst) == page)
        #expect(try store.image(key: first.images[0].originKey)?.bytes == Fixture.imageBytes("first"))
        #expect(try store.page(offset: 0, limit: 10, search: "thi", order: .newestFirst).totalCount == 0, "the name index too")
        let next = try store.createProduct(Fixture.product("next"), images: [Fixture.image("next")])
        #expect(next.id == 3, "ids go on from the snapshot, not from the third product")
    }

    @Test("a snapshot fills a fresh in-memory store, from a file store and back")
    func templatesCrossStores() throws {
        let (file, directory) = try Location.file.makeStore()
        defer { withExtendedLifetime(directory) {} }
        try file.claimGeneration("v2b")
        _ = try file.createProduct(Fixture.product("kept"), images: [Fixture.image("kept")])
        let template = try file.snapshot()
        let fresh = try MarketStore(path: ":memory:")
        try fresh.restore(template)
        #expect(try fresh.page(offset: 0, limit: 10, search: nil, order: .newestFirst)
            == file.page(offset: 0, limit: 10, search: nil, order: .newestFirst))
        _ = try fresh.createProduct(Fixture.product("only in memory"), images: [])
        try file.restore(try fresh.snapshot())
        #expect(try file.page(offset: 0, limit: 10, search: nil, order: .newestFirst).totalCount == 2)
    }

    @Test("a copy of a snapshot is a store of its own: it grows far past the snapshot, keeps a fresh store's settings, and leaves the snapshot and other copies as they were")
    func copiesAreStoresOfTheirOwn() throws {
        let template = try MarketStore(path: ":memory:")
        try template.claimGeneration("v2b")
        let kept = try template.createProduct(Fixture.product("kept"), images: [Fixture.image("kept")])
        let snapshot = try template.snapshot()
        let copy = try MarketStore(copying: snapshot)
        let other = try MarketStore(copying: snapshot)
        // Some megabytes, many times the snapshot: the copy's memory grows as it is written to.
        let large = NewImage(
            bytes: [UInt8](repeating: 7, count: 256 * 1024), mediaType: "image/png", fileExtension: "png",
            originKey: "", thumbnailKey: "")
        for index in 0..<40 {
            var image = large
            (image.originKey, image.thumbnailKey) = ("large/\(index)/origin", "large/\(index)/thumb")
            _ = try copy.createProduct(Fixture.product("large \(index)"), images: [image])
        }
        #expect(try copy.snapshot().byteCount > 10 * snapshot.byteCount)
        #expect(try copy.page(offset: 0, limit: 1, search: "large 39", order: .newestFirst).totalCount == 1)
        #expect(try other.page(offset: 0, limit: 10, search: nil, order: .newestFirst).totalCount == 1)
        #expect(try MarketStore(copying: snapshot).page(offset: 0, limit: 10, search: nil, order: .newestFirst).totalCount == 1)
        let settings = try copy.connections.read { connection in
            try ["foreign_keys", "secure_delete"].map { name in
                try connection.withStatement("PRAGMA \(name)") { try $0.step() ? $0.column(0) as Int : -1 }
            }
        }
        #expect(settings == [1, 2], "foreign keys on, secure_delete FAST, as on a store made from scratch")
        // Foreign keys hold: deleting the product takes its image's bytes with it.
        _ = try other.deleteProduct(id: kept.id)
        #expect(try other.image(key: kept.images[0].originKey) == nil)
        #expect(try copy.image(key: kept.images[0].originKey)?.bytes == Fixture.imageBytes("kept"))
    }

    @Test("a snapshot of another generation, or one over the limit, is refused and changes nothing")
    func refusals() throws {
        let store = try MarketStore(path: ":memory:")
        try store.claimGeneration("v2a")
        _ = try store.createProduct(Fixture.product("stays"), images: [Fixture.image("stays")])
        let other = try MarketStore(path: ":memory:")
        try other.claimGeneration("v1a")
        #expect(throws: StoreSnapshotError.otherGeneration(snapshot: "v1a", store: "v2a")) {
            try store.restore(try other.snapshot())
        }
        #expect(throws: StoreSnapshotError.self) { try store.snapshot(byteLimit: 4096) }
        #expect(try store.page(offset: 0, limit: 10, search: nil, order: .newestFirst).totalCount == 1)
    }
}
