import OpenMarketHTTPTestSupport
import OpenMarketSQLite
@testable import OpenMarketStore
import Testing

/// Schema/0007 rebuilds the images table so that its keys' uniqueness is in indexes a seed can drop: a store made
/// before it keeps every image, its bytes, the thumbnails that name it and its id counter.
@Suite("Image key index migration")
struct ImageKeyIndexMigrationTests {
    /// A file at version 6 with a product, three images (one deleted, so the counter is above the largest id), the
    /// bytes of two and a thumbnail naming the last.
    private static func storeBeforeTheRebuild(at path: String) throws {
        let connection = try Connection(path: path)
        try connection.execute("PRAGMA foreign_keys = ON")
        for migration in embeddedMigrations where migration.version <= 6 {
            try connection.execute(migration.sql)
        }
        try connection.execute("""
            PRAGMA user_version = 6;
            INSERT INTO products (id, name, description, price, currency, stock, registered_at)
                VALUES (7, 'lamp', '', 1000, 'KRW', 1, 0);
            INSERT INTO images (id, product_id, position, media_type, origin_key, thumbnail_key, byte_count)
                VALUES (20, 7, 0, 'image/png', 'a/origin', 'a/thumb', 3),
                       (21, 7, 1, 'image/png', 'b/origin', 'b/thumb', 2),
                       (22, 7, 2, 'image/png', 'c/origin', 'c/thumb', 1);
            INSERT INTO image_data (image_id, bytes) VALUES (20, x'010203'), (21, x'0405');
            UPDATE products SET thumbnail_image_id = 21 WHERE id = 7;
            DELETE FROM images WHERE id = 22;
            """)
    }

    private static func values(_ sql: String, at path: String) throws -> [String] {
        try Connection(path: path, flags: [.readOnly]).withStatement(sql) { statement in
            var values: [String] = []
            while try statement.step() { values.append(statement.column(0)) }
            return values
        }
    }

    @Test("images, their bytes, the thumbnail and the id counter survive; keys stay unique; foreign keys stay on")
    func keepsEverything() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("version6.sqlite")
        try Self.storeBeforeTheRebuild(at: path)

        let store = try MarketStore(path: path)

        let product = try #require(try store.product(id: 7))
        #expect(product.images.map(\.originKey) == ["a/origin", "b/origin"])
        #expect(product.thumbnailImageID == 21)
        #expect(try store.image(key: "a/thumb")?.bytes == [1, 2, 3])
        #expect(try store.image(key: "b/origin")?.bytes == [4, 5])
        #expect(try Self.values("SELECT seq FROM sqlite_sequence WHERE name = 'images'", at: path) == ["22"])
        #expect(try Self.values(
            "SELECT name FROM sqlite_schema WHERE tbl_name = 'images' AND type = 'index' AND sql IS NOT NULL ORDER BY name",
            at: path) == ["images_by_origin_key", "images_by_thumbnail_key"])
        // The next image gets 23, after the deleted one, and a taken key is refused as before.
        let created = try store.createProduct(Fixture.product("next"), images: [Fixture.image("next")])
        #expect(created.images.first?.id == 23)
        #expect(throws: (any Error).self) {
            try store.createProduct(
                Fixture.product("clash"),
                images: [NewImage(bytes: [1], mediaType: "image/png", fileExtension: nil, originKey: "a/origin", thumbnailKey: "z")])
        }
        // The store's own connection enforces foreign keys again: deleting the product takes its images' bytes too.
        _ = try store.deleteProduct(id: 7)
        #expect(try store.image(key: "a/thumb") == nil)
        #expect(try Self.values("SELECT count(*) FROM image_data WHERE image_id IN (20, 21)", at: path) == ["0"])
    }
}
