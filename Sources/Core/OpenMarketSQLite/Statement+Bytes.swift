import COpenMarketSQLite

extension Statement {
    /// Hands `body` the bytes of column `index` of the current row as SQLite stores them, without a copy: a text's
    /// UTF-8 exactly as stored (even when it is not valid UTF-8, which `String` would repair), a number as its text,
    /// NULL as no bytes. The bytes are valid only inside `body`.
    package func withBytes<Result>(
        ofColumn index: Int32, _ body: (UnsafeRawBufferPointer) throws -> Result
    ) rethrows -> Result {
        // sqlite3_column_blob must come before sqlite3_column_bytes (SQLite's documented order); on a UTF-8 database a
        // text's blob is its stored text, the same bytes sqlite3_value_text gives a function such as contains_text.
        let start = sqlite3_column_blob(pointer, index)
        let count = Int(sqlite3_column_bytes(pointer, index))
        return try body(UnsafeRawBufferPointer(start: count == 0 ? nil : start, count: count))
    }
}
