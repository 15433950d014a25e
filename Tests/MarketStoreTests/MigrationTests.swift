import Foundation
import OpenMarketHTTPTestSupport
import OpenMarketSQLite
@testable import OpenMarketStore
import Testing

@Suite("Migrations")
struct MigrationTests {
    private func pragma(_ name: String, at path: String) throws -> String {
        let connection = try Connection(path: path, flags: [.readOnly])
        return try connection.withStatement("PRAGMA \(name)") {
            try #require(try $0.step())
            return $0.column(0)
        }
    }

    @Test func anEmptyFileIsMigratedToTheLatestVersionInWALMode() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("new.sqlite")
        _ = try MarketStore(path: path)
        #expect(try pragma("user_version", at: path) == String(Migrator.latestVersion))
        #expect(try pragma("journal_mode", at: path) == "wal")
        let tables = try Connection(path: path, flags: [.readOnly]).withStatement(
            "SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name)"
        ) {
            try #require(try $0.step())
            return $0.column(0) as String
        }
        #expect(tables == """
            class_progress class_teams image_data images meta product_count product_names product_names_config \
            product_names_data product_names_idx products shared_image_data sqlite_sequence vendors
            """)
    }

    @Test func reopeningAMigratedDatabaseKeepsItsData() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("reopen.sqlite")
        let id = try MarketStore(path: path).createProduct(Fixture.product("kept"), images: [Fixture.image("kept")]).id
        let reopened = try MarketStore(path: path)
        #expect(try reopened.product(id: id)?.name == "kept")
        #expect(try pragma("user_version", at: path) == String(Migrator.latestVersion))
    }

    @Test func aDatabaseFromANewerSchemaIsRefusedAndLeftUntouched() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("newer.sqlite")
        let newer = Migrator.latestVersion + 1
        do {
            let connection = try Connection(path: path)
            try connection.execute("CREATE TABLE future (v INTEGER); PRAGMA user_version = \(newer)")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let modifiedBefore = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date

        let error = #expect(throws: StoreError.self) { try MarketStore(path: path) }

        #expect(error == .schemaTooNew(path: path, found: newer, supported: Migrator.latestVersion))
        #expect(error?.description.contains("newer") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == modifiedBefore)
        #expect(try pragma("user_version", at: path) == String(newer))
        #expect(try pragma("journal_mode", at: path) == "delete")
    }

    @Test func aNegativeReaderCountIsRefused() {
        #expect(throws: StoreError.invalidReaderCount(-1)) { try MarketStore(path: ":memory:", readers: -1) }
    }
}
