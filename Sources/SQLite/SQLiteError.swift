import CSQLite

/// A failed sqlite3 call: the (extended) result code and SQLite's own message.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: Int32
    public let message: String

    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// Reads the message SQLite recorded on `handle` for the call that returned `code`.
    init(code: Int32, handle: OpaquePointer?) {
        self.init(code: code, message: String(cString: sqlite3_errmsg(handle)))
    }

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`, ...) without the extended bits.
    public var primaryCode: Int32 { code & 0xFF }

    public var description: String {
        "SQLite error \(code) (\(String(cString: sqlite3_errstr(code)))): \(message)"
    }
}

extension SQLiteError {
    /// Primary result codes that callers branch on, compared against `primaryCode`.
    public enum Code {
        public static let cantOpen = SQLITE_CANTOPEN
        public static let constraint = SQLITE_CONSTRAINT
    }
}
