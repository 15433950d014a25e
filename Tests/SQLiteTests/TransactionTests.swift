import OpenMarketSQLite
import Testing

@Suite("Transactions")
struct TransactionTests {
    private struct Abort: Error {}

    private func makeConnection() throws -> Connection {
        let connection = try Connection(path: ":memory:")
        try connection.execute("CREATE TABLE t (v INTEGER)")
        return connection
    }

    private func count(_ connection: Connection) throws -> Int64 {
        try connection.withStatement("SELECT count(*) FROM t") {
            try #require(try $0.step())
            return $0.column(0)
        }
    }

    @Test func aTransactionThatReturnsIsCommitted() throws {
        let connection = try makeConnection()
        let result = try connection.transaction(.immediate) {
            try connection.execute("INSERT INTO t VALUES (1); INSERT INTO t VALUES (2)")
            return "done"
        }
        #expect(result == "done")
        #expect(try count(connection) == 2)
        #expect(connection.isAutocommit)
    }

    @Test func aTransactionThatThrowsIsRolledBackAndRethrows() throws {
        let connection = try makeConnection()
        #expect(throws: Abort.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO t VALUES (1)")
                throw Abort()
            }
        }
        #expect(try count(connection) == 0)
        #expect(connection.isAutocommit)
    }

    @Test func aFailingStatementRollsBackTheEarlierOnes() throws {
        let connection = try makeConnection()
        #expect(throws: SQLiteError.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO t VALUES (1)")
                try connection.execute("INSERT INTO missing VALUES (1)")
            }
        }
        #expect(try count(connection) == 0)
    }
}
