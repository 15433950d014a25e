import COpenMarketSQLite
import Foundation
@testable import OpenMarketSQLite
import Testing

@Suite("What a statement keeps after use")
struct StatementLifetimeTests {
    /// SQLite copies a bound blob and keeps the copy until the parameter is unbound; a cached insert must not
    /// keep the last uploaded image alive for the life of the process.
    @Test func aBoundBlobIsReleasedOnceTheStatementIsDone() throws {
        let connection = try Connection(path: ":memory:")
        try connection.execute("CREATE TABLE blobs (bytes BLOB)")
        let sql = "INSERT INTO blobs (bytes) VALUES (?1)"
        try connection.withStatement(sql) {
            try $0.bind([UInt8](repeating: 0xA5, count: 4), at: 1)
            try $0.run()
        }
        let statement = try connection.prepared(sql)
        let expanded = try #require(sqlite3_expanded_sql(statement.pointer))
        defer { sqlite3_free(expanded) }
        #expect(String(cString: expanded) == "INSERT INTO blobs (bytes) VALUES (NULL)")
    }

    @Test func aStatementRunsUnboundParametersAsNullAfterReset() throws {
        let connection = try Connection(path: ":memory:")
        try connection.withStatement("SELECT ?1") { try $0.bind("kept?", at: 1); try $0.run() }
        let value: String? = try connection.withStatement("SELECT ?1") { try $0.step() ? $0.column(0) : "no row" }
        #expect(value == nil)
    }

    @Test func errorsFromRunningAStatementNameItsSQL() throws {
        let connection = try Connection(path: ":memory:")
        try connection.execute("CREATE TABLE t (k TEXT UNIQUE); INSERT INTO t VALUES ('a')")
        let error = #expect(throws: SQLiteError.self) {
            try connection.withStatement("INSERT INTO t\n  VALUES ('a')") { try $0.run() }
        }
        #expect(error?.sql == "INSERT INTO t\n  VALUES ('a')")
        #expect(error?.description.hasSuffix("; SQL: INSERT INTO t VALUES ('a')") == true)
    }

    @Test func errorsFromPreparingAndExecutingNameTheirSQL() throws {
        let connection = try Connection(path: ":memory:")
        let prepareError = #expect(throws: SQLiteError.self) { try connection.prepared("SELECT * FROM missing") }
        #expect(prepareError?.sql == "SELECT * FROM missing")
        let executeError = #expect(throws: SQLiteError.self) { try connection.execute("DROP TABLE missing") }
        #expect(executeError?.sql == "DROP TABLE missing")
        #expect(executeError?.description.contains("no such table: missing; SQL: DROP TABLE missing") == true)
    }

    @Test func aLongScriptIsShortenedInTheDescriptionButKeptWhole() throws {
        let connection = try Connection(path: ":memory:")
        let script = String(repeating: "SELECT 1;\n", count: 100) + "SELECT * FROM missing"
        let error = #expect(throws: SQLiteError.self) { try connection.execute(script) }
        #expect(error?.sql == script)
        #expect(error?.description.hasSuffix("SELECT 1; SELECT 1; …") == true)
    }

    @Test func aFileDatabaseSwitchesToWriteAheadLogging() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wal-\(UUID()).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let connection = try Connection(path: path)
        try connection.enableWriteAheadLog()
        let mode: String = try connection.withStatement("PRAGMA journal_mode") { try $0.step() ? $0.column(0) : "" }
        #expect(mode == "wal")
    }

    /// SQLite's dot-file locking VFS has no shared memory, so SQLite keeps the rollback journal and says so only
    /// in the mode it answers.
    @Test func aRefusedSwitchToWriteAheadLoggingIsReported() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("dotfile-\(UUID()).sqlite").path
        defer { for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let connection = try Connection(path: "file:\(path)?vfs=unix-dotfile", flags: [.readWrite, .create, .uri])
        let error = #expect(throws: SQLiteError.self) { try connection.enableWriteAheadLog() }
        #expect(error?.message.contains("kept the journal mode \"delete\" instead of switching to WAL") == true)

        let memory = try Connection(path: ":memory:")
        let memoryError = #expect(throws: SQLiteError.self) { try memory.enableWriteAheadLog() }
        #expect(memoryError?.message.contains("\"memory\"") == true)
    }
}
