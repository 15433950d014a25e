import CSQLite

/// A failed sqlite3 call: the (extended) result code, SQLite's own message, and the SQL that failed.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: Int32
    public let message: String
    /// The statement being prepared or run, when the failure belongs to one; nil for opening, closing, settings.
    public let sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
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
    public var primaryCode: Int32 { code & 0xFF }

    public var description: String {
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
    public enum Code {
        public static let cantOpen = SQLITE_CANTOPEN
        public static let constraint = SQLITE_CONSTRAINT
        public static let corrupt = SQLITE_CORRUPT
        public static let notADatabase = SQLITE_NOTADB
        public static let full = SQLITE_FULL
        public static let readOnly = SQLITE_READONLY
    }

    /// Extended result codes that callers branch on, compared against `code`.
    public enum ExtendedCode {
        /// SQLITE_IOERR_SHMSIZE, a macro Swift does not import: the shared-memory file of a WAL database could not
        /// grow, typically on a full disk.
        public static let sharedMemorySize = SQLITE_IOERR | (19 << 8)
    }
}
