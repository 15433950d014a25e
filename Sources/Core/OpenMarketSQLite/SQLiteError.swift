import COpenMarketSQLite

/// A failed sqlite3 call: the (extended) result code, SQLite's own message, and the SQL that failed.
package struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    package let code: Int32
    package let message: String
    /// The statement being prepared or run, when the failure belongs to one; nil for opening, closing, settings.
    package let sql: String?

    package init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// Reads the message SQLite recorded on `handle` for the call that returned `code`.
    init(code: Int32, handle: OpaquePointer?, sql: String? = nil) {
        self.init(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    private static let longestSQLShown = 300

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`, ...) without the extended bits.
    package var primaryCode: Int32 { code & 0xFF }

    package var description: String {
        let failure = "SQLite error \(code) (\(String(cString: sqlite3_errstr(code)))): \(message)"
        guard let sql else { return failure }
        // One line, and short enough for a log: a whole migration script can fail as one `execute`.
        let oneLine = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let shown = oneLine.count > Self.longestSQLShown ? "\(oneLine.prefix(Self.longestSQLShown))…" : oneLine
        return "\(failure); SQL: \(shown)"
    }
}

extension SQLiteError {
    /// Primary result codes that callers branch on, compared against `primaryCode`.
    package enum Code {
        package static let cantOpen = SQLITE_CANTOPEN
        package static let constraint = SQLITE_CONSTRAINT
        package static let corrupt = SQLITE_CORRUPT
        package static let notADatabase = SQLITE_NOTADB
        package static let full = SQLITE_FULL
        package static let readOnly = SQLITE_READONLY
    }

    /// Extended result codes that callers branch on, compared against `code`.
    package enum ExtendedCode {
        /// SQLITE_IOERR_SHMSIZE, a macro Swift does not import: the shared-memory file of a WAL database could not
        /// grow, typically on a full disk.
        package static let sharedMemorySize = SQLITE_IOERR | (19 << 8)
    }
}
