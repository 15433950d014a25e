import COpenMarketSQLite

/// A Swift type that binds to a statement parameter and reads back from a result column.
package protocol SQLiteValue {
    func bind(to statement: Statement, at index: Int32) throws
    init(column index: Int32, of statement: Statement)
}

/// Tells SQLite to copy bound text and blobs, so the Swift buffer may go away after the call.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

extension Int64: SQLiteValue {
    package func bind(to statement: Statement, at index: Int32) throws {
        try statement.check(sqlite3_bind_int64(statement.pointer, index, self))
    }

    package init(column index: Int32, of statement: Statement) {
        self = sqlite3_column_int64(statement.pointer, index)
    }
}

extension Int: SQLiteValue {
    package func bind(to statement: Statement, at index: Int32) throws {
        try Int64(self).bind(to: statement, at: index)
    }

    /// Swift's `Int` is 64 bits wide on every platform this package supports, so this never traps.
    package init(column index: Int32, of statement: Statement) {
        self = Int(Int64(column: index, of: statement))
    }
}

extension Double: SQLiteValue {
    package func bind(to statement: Statement, at index: Int32) throws {
        try statement.check(sqlite3_bind_double(statement.pointer, index, self))
    }

    package init(column index: Int32, of statement: Statement) {
        self = sqlite3_column_double(statement.pointer, index)
    }
}

extension String: SQLiteValue {
    package func bind(to statement: Statement, at index: Int32) throws {
        // withCString never hands over NULL (which would bind SQL NULL), and the explicit length keeps any NUL.
        let code = withCString { text in
            sqlite3_bind_text64(
                statement.pointer, index, text, UInt64(utf8.count), transient, UInt8(SQLITE_UTF8)
            )
        }
        try statement.check(code)
    }

    package init(column index: Int32, of statement: Statement) {
        guard let text = sqlite3_column_text(statement.pointer, index) else {
            self = ""
            return
        }
        let count = Int(sqlite3_column_bytes(statement.pointer, index))
        self = String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }
}

extension Array: SQLiteValue where Element == UInt8 {
    package func bind(to statement: Statement, at index: Int32) throws {
        let code = withUnsafeBytes { bytes in
            // A NULL pointer would bind SQL NULL; an empty blob must stay an empty blob.
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite3_bind_zeroblob(statement.pointer, index, 0)
            }
            return sqlite3_bind_blob64(statement.pointer, index, base, UInt64(bytes.count), transient)
        }
        try statement.check(code)
    }

    package init(column index: Int32, of statement: Statement) {
        // sqlite3_column_blob must come before sqlite3_column_bytes (SQLite's documented order).
        guard let blob = sqlite3_column_blob(statement.pointer, index) else {
            self = []
            return
        }
        let count = Int(sqlite3_column_bytes(statement.pointer, index))
        self = Array(UnsafeRawBufferPointer(start: blob, count: count))
    }
}

extension Optional: SQLiteValue where Wrapped: SQLiteValue {
    package func bind(to statement: Statement, at index: Int32) throws {
        switch self {
        case .some(let value): try value.bind(to: statement, at: index)
        case .none: try statement.check(sqlite3_bind_null(statement.pointer, index))
        }
    }

    package init(column index: Int32, of statement: Statement) {
        self = sqlite3_column_type(statement.pointer, index) == SQLITE_NULL
            ? .none
            : Wrapped(column: index, of: statement)
    }
}
