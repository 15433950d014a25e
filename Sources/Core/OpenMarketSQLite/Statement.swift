import COpenMarketSQLite

/// One prepared statement, owned and cached by a `Connection`; use it on that connection's thread only.
package final class Statement {
    let pointer: OpaquePointer
    private let database: OpaquePointer
    /// The text it was prepared from, for error messages.
    let sql: String

    init(sql: String, database: OpaquePointer) throws {
        var prepared: OpaquePointer?
        var trailing = ""
        let code = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(
                database, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, &tail
            )
            if let tail { trailing = String(cString: tail) }
            return code
        }
        guard code == SQLITE_OK else { throw SQLiteError(code: code, handle: database, sql: sql) }
        guard let prepared else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "no SQL statement in \"\(sql)\"")
        }
        guard trailing.allSatisfy(\.isWhitespace) else {
            sqlite3_finalize(prepared)
            throw SQLiteError(
                code: SQLITE_MISUSE,
                message: "only one statement can be prepared at a time; this follows the first: \"\(trailing)\"",
                sql: sql
            )
        }
        self.pointer = prepared
        self.database = database
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(pointer)
    }

    /// Binds `value` to the 1-based parameter `index`.
    package func bind<Value: SQLiteValue>(_ value: Value, at index: Int32) throws {
        try value.bind(to: self, at: index)
    }

    /// Binds `values` to parameters 1, 2, 3… in order.
    package func bind<each Value: SQLiteValue>(_ values: repeat each Value) throws {
        var index: Int32 = 0
        for value in repeat each values {
            index += 1
            try value.bind(to: self, at: index)
        }
    }

    /// Advances to the next row; `false` once the statement is done.
    package func step() throws -> Bool {
        switch sqlite3_step(pointer) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw SQLiteError(code: code, handle: database, sql: sql)
        }
    }

    /// Runs a statement that returns no rows, or whose rows are not needed.
    package func run() throws {
        while try step() {}
    }

    /// The 0-based column `index` of the current row.
    package func column<Value: SQLiteValue>(_ index: Int32) -> Value {
        Value(column: index, of: self)
    }

    /// Makes the statement ready to run again, ends the read it may hold open, and unbinds every parameter:
    /// SQLite keeps its own copy of bound text and blobs (an uploaded image, say) until they are unbound.
    package func reset() {
        // The code sqlite3_reset returns repeats the last step's error, already thrown by step().
        sqlite3_reset(pointer)
        sqlite3_clear_bindings(pointer)
    }

    func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw SQLiteError(code: code, handle: database, sql: sql) }
    }
}
