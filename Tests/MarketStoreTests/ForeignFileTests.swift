import Foundation
import OpenMarketHTTPTestSupport
import OpenMarketSQLite
@testable import OpenMarketStore
import Testing

/// `--database` pointed at the wrong file must refuse it before anything writes: no header rewritten by the
/// switch to WAL, no tables added, no side files left.
@Suite("Files that are not ours")
struct ForeignFileTests {
    private func expectUntouched(
        _ path: String, in directory: TemporaryDirectory, refusedWith expected: StoreError
    ) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let filesBefore = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()

        let error = #expect(throws: StoreError.self) { try MarketStore(path: path) }

        #expect(error == expected)
        #expect(error?.description.contains("left untouched") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == filesBefore)
    }

    @Test func anotherApplicationsDatabaseIsRefusedWithItsBytesUntouched() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("other-app.sqlite")
        do {
            let other = try Connection(path: path)
            try other.execute("""
                CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);
                INSERT INTO notes (body) VALUES ('keep me');
                """)
        }
        try expectUntouched(
            path, in: directory,
            refusedWith: .foreignDatabase(path: path, missingTables: ["meta", "vendors", "products", "images", "image_data"]))
    }

    /// A read-only connection to a database in WAL mode would leave an -shm and a -wal file behind.
    @Test func anotherApplicationsDatabaseInWALModeIsRefusedWithoutSideFiles() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("other app?#%.sqlite")
        do {
            let other = try Connection(path: path)
            try other.enableWriteAheadLog()
            try other.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('x')")
        }
        try expectUntouched(
            path, in: directory,
            refusedWith: .foreignDatabase(path: path, missingTables: ["meta", "vendors", "products", "images", "image_data"]))
    }

    @Test func aFileThatIsNoDatabaseIsRefusedWithItsBytesUntouched() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.txt")
        try Data("just some text, not a database at all\n".utf8).write(to: URL(fileURLWithPath: path))
        try expectUntouched(path, in: directory, refusedWith: .notADatabase(path: path))
    }

    @Test func aFileWithASQLiteHeaderButNoDatabaseIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("truncated.sqlite")
        try Data(Array("SQLite format 3\0".utf8) + [UInt8](repeating: 0xFF, count: 200)).write(to: URL(fileURLWithPath: path))
        try expectUntouched(path, in: directory, refusedWith: .notADatabase(path: path))
    }

    @Test func anEmptyFileBecomesAStore() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let store = try MarketStore(path: path)
        #expect(try store.page(offset: 0, limit: 1, search: nil, order: .newestFirst).totalCount == 0)
    }
}
