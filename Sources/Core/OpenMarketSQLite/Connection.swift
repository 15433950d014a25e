import COpenMarketSQLite

/// One sqlite3 database connection with its prepared statements cached by SQL text.
///
/// Not thread-safe: a connection (and its statements) must be used by one thread at a time.
package final class Connection {
    let database: OpaquePointer
    private var statements: [String: Statement] = [:]
    /// The private mapping the main database lives in (`replaceMain(withCopyOf:)`), unmapped once SQLite is done.
    var mappedMain: (start: UnsafeMutableRawPointer, byteCount: Int)?

    package init(path: String, flags: OpenFlags = [.readWrite, .create]) throws {
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, flags.rawValue, nil)
        guard let opened else {
            throw SQLiteError(code: code, message: "cannot allocate a connection for \(path)")
        }
        guard code == SQLITE_OK else {
            let error = SQLiteError(code: code, message: "\(String(cString: sqlite3_errmsg(opened))): \(path)")
            sqlite3_close_v2(opened)
            throw error
        }
        sqlite3_extended_result_codes(opened, 1)
        database = opened
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(database)
        if let mappedMain { DatabaseImage.unmap(mappedMain.start, byteCount: mappedMain.byteCount) }
    }

    /// Runs one or more SQL statements that return no rows (schema scripts, pragmas), uncached.
    package func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(database, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            throw SQLiteError(code: code, message: message.map { String(cString: $0) } ?? "", sql: sql)
        }
    }

    /// The cached prepared statement for `sql`, prepared on first use. Every distinct text stays cached for
    /// the connection's lifetime, so pass constant SQL and bind the values.
    package func prepared(_ sql: String) throws -> Statement {
        if let statement = statements[sql] { return statement }
        let statement = try Statement(sql: sql, database: database)
        statements[sql] = statement
        return statement
    }

    /// Runs `body` with the cached statement for `sql` and resets it afterwards, so no read stays open.
    package func withStatement<Result>(_ sql: String, _ body: (Statement) throws -> Result) throws -> Result {
        let statement = try prepared(sql)
        defer { statement.reset() }
        return try body(statement)
    }

    /// How long a call waits for another connection's lock before failing with `SQLITE_BUSY`.
    package func setBusyTimeout(milliseconds: Int32) throws {
        let code = sqlite3_busy_timeout(database, milliseconds)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, handle: database) }
    }

    /// Switches the database to write-ahead logging, which lets readers run beside the one writer. SQLite
    /// answers a refusal (an in-memory database, a file system or VFS without shared memory) with the mode it
    /// kept instead of an error, so the answer is checked here.
    package func enableWriteAheadLog() throws {
        let sql = "PRAGMA journal_mode = WAL"
        let mode: String = try withStatement(sql) { try $0.step() ? $0.column(0) : "" }
        guard mode.lowercased() == "wal" else {
            throw SQLiteError(
                code: SQLITE_ERROR,
                message: "SQLite kept the journal mode \"\(mode)\" instead of switching to WAL; "
                    + "put the database on a local file system that supports shared memory",
                sql: sql)
        }
    }

    /// The rowid of the most recent successful INSERT on this connection.
    package var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(database) }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE on this connection.
    package var changes: Int { Int(sqlite3_changes(database)) }

    /// Whether no transaction is open on this connection.
    package var isAutocommit: Bool { sqlite3_get_autocommit(database) != 0 }
}
