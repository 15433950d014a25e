import Foundation
import OpenMarketSQLite
import Testing

@Suite("Connections and statements")
struct ConnectionTests {
    @Test func statementsAreCachedBySQLText() throws {
        let connection = try Connection(path: ":memory:")
        let first = try connection.prepared("SELECT 1")
        #expect(try connection.prepared("SELECT 1") === first)
        #expect(try connection.prepared("SELECT 2") !== first)
    }

    @Test func aCachedStatementRunsAgainWithNewBindings() throws {
        let connection = try Connection(path: ":memory:")
        for value in [Int64(3), 7, 11] {
            let doubled: Int64 = try connection.withStatement("SELECT ?1 * 2") {
                try $0.bind(value, at: 1)
                try #require(try $0.step())
                return $0.column(0)
            }
            #expect(doubled == value * 2)
        }
    }

    @Test func errorsCarrySQLitesMessage() throws {
        let connection = try Connection(path: ":memory:")
        let error = #expect(throws: SQLiteError.self) { try connection.prepared("SELECT * FROM missing") }
        #expect(error?.message == "no such table: missing")
        #expect(error?.description.contains("no such table: missing") == true)
    }

    @Test func constraintViolationsReportTheirExtendedCode() throws {
        let connection = try Connection(path: ":memory:")
        try connection.execute("CREATE TABLE t (k TEXT UNIQUE); INSERT INTO t VALUES ('a')")
        let error = #expect(throws: SQLiteError.self) {
            try connection.withStatement("INSERT INTO t VALUES ('a')") { try $0.run() }
        }
        #expect(error?.primaryCode == SQLiteError.Code.constraint)
        #expect(error?.code == 2067)  // SQLITE_CONSTRAINT_UNIQUE
        #expect(error?.message == "UNIQUE constraint failed: t.k")
    }

    @Test func preparingTwoStatementsAtOnceIsRefused() throws {
        let connection = try Connection(path: ":memory:")
        let error = #expect(throws: SQLiteError.self) { try connection.prepared("SELECT 1; SELECT 2") }
        #expect(error?.message.contains("SELECT 2") == true)
    }

    @Test func openingAMissingFileReadOnlyFailsWithCantOpen() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID()).sqlite").path
        let error = #expect(throws: SQLiteError.self) { try Connection(path: path, flags: [.readOnly]) }
        #expect(error?.primaryCode == SQLiteError.Code.cantOpen)
        #expect(error?.message.contains(path) == true)
    }

    @Test func lastInsertRowIDAndChangesDescribeTheLastWrite() throws {
        let connection = try Connection(path: ":memory:")
        try connection.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER); INSERT INTO t (v) VALUES (1), (1), (2)")
        #expect(connection.lastInsertRowID == 3)
        try connection.withStatement("UPDATE t SET v = 5 WHERE v = 1") { try $0.run() }
        #expect(connection.changes == 2)
    }
}
