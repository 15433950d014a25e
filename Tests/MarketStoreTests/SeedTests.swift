import OpenMarketHTTPTestSupport
import OpenMarketSQLite
@testable import OpenMarketStore
import Testing

/// A seed writes its rows without the per-row triggers and secondary indexes and builds them after; the store it
/// leaves must be the one those triggers and indexes would have made, and keep them for the writes that follow.
@Suite("Seed")
struct SeedTests {
    private static func schema(at path: String) throws -> [String] {
        try Connection(path: path, flags: [.readOnly]).withStatement(
            "SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_schema ORDER BY name"
        ) {
            var objects: [String] = []
            while try $0.step() { objects.append($0.column(0)) }
            return objects
        }
    }

    private static func rows(_ names: [String]) -> [SeededProduct] {
        names.enumerated().map { index, name in
            let id = Int64(index + 1)
            return SeededProduct(
                id: id, product: Fixture.product(name),
                images: [SeededImage(id: id, image: Fixture.image(name))], thumbnailImageID: nil)
        }
    }

    @Test func theSchemaIsTheSameAfterASeedAndLaterProductsAreCountedAndFound() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("seeded.sqlite")
        let store = try MarketStore(path: path)
        let before = try Self.schema(at: path)
        #expect(try store.seedIfEmpty(Self.rows(["seeded lamp", "seeded chair", "seeded mug"])))
        #expect(try Self.schema(at: path) == before)
        #expect(try store.page(offset: 0, limit: 10, search: "chair", order: .newestFirst).totalCount == 1)

        _ = try store.createProduct(Fixture.product("later chair"), images: [Fixture.image("later chair")])
        let all = try store.page(offset: 0, limit: 10, search: nil, order: .newestFirst)
        #expect(all.totalCount == 4)
        let chairs = try store.page(offset: 0, limit: 10, search: "chair", order: .newestFirst)
        #expect(chairs.totalCount == 2)
        #expect(chairs.products.map(\.name) == ["later chair", "seeded chair"])
    }

    @Test func aSeedThatFailsLeavesTheStoreEmptyWithItsTriggersAndIndexes() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("failed.sqlite")
        let store = try MarketStore(path: path)
        let before = try Self.schema(at: path)
        var rows = Self.rows(["first", "second"])
        rows[1].images[0].id = rows[0].images[0].id  // the second image's id is taken: the insert fails
        #expect(throws: (any Error).self) { try store.seedIfEmpty(rows) }
        #expect(try Self.schema(at: path) == before)
        #expect(try store.page(offset: 0, limit: 10, search: nil, order: .newestFirst).totalCount == 0)
        _ = try store.createProduct(Fixture.product("after"), images: [Fixture.image("after")])
        #expect(try store.page(offset: 0, limit: 10, search: "after", order: .newestFirst).totalCount == 1)
    }

    /// A seed's references are checked once, after its rows, rather than as each is written: one to a vendor that
    /// does not exist still fails the whole seed, and every later write is checked as before.
    @Test func aSeedThatRefersToAMissingVendorFailsAndLaterWritesAreCheckedAgain() throws {
        let directory = try TemporaryDirectory()
        let store = try MarketStore(path: directory.path("dangling.sqlite"))
        var rows = Self.rows(["first", "second"])
        rows[1].product.vendorID = 999
        #expect(throws: (any Error).self) { try store.seedIfEmpty(rows) }
        #expect(try store.page(offset: 0, limit: 10, search: nil, order: .newestFirst).totalCount == 0)
        let enforced: Int = try store.connections.write { connection in
            try connection.withStatement("PRAGMA foreign_keys") { try $0.step() ? $0.column(0) : 0 }
        }
        #expect(enforced == 1)
        #expect(throws: (any Error).self) {
            try store.createProduct(Fixture.product("orphan", vendorID: 999), images: [Fixture.image("orphan")])
        }
    }
}
