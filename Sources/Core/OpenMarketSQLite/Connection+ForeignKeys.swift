import COpenMarketSQLite

/// SQLite's documented way to rebuild a table that other tables refer to: foreign keys off around the transaction
/// (with them on, dropping the old table would delete or null the rows that refer to it), every reference checked
/// before the commit.
extension Connection {
    /// Runs `body` with foreign keys not enforced, then as they were. Outside a transaction only: inside one, SQLite
    /// leaves the setting as it is.
    package func withForeignKeysOff<Result>(_ body: () throws -> Result) throws -> Result {
        let enforced: Int = try withStatement("PRAGMA foreign_keys") { try $0.step() ? $0.column(0) : 0 }
        try execute("PRAGMA foreign_keys = OFF")
        defer { if enforced != 0 { try? execute("PRAGMA foreign_keys = ON") } }
        return try body()
    }

    /// SQLITE_CONSTRAINT_FOREIGNKEY, a macro Swift does not import.
    private static let constraintForeignKey = SQLITE_CONSTRAINT | (3 << 8)

    /// Fails if a row refers to one that does not exist, naming its table.
    package func checkForeignKeys() throws {
        try withStatement("PRAGMA foreign_key_check") { statement in
            guard try statement.step() else { return }
            let table: String = statement.column(0)
            throw SQLiteError(
                code: Self.constraintForeignKey, message: "a row of \(table) refers to a row that does not exist")
        }
    }
}
