import COpenMarketSQLite

/// `contains_text(text, part)`: 1 if `part` occurs in `text` with ASCII letters matched in either case and every
/// other character as it is, else 0; NULL if either is NULL. The same answer as `instr(lower(text), lower(part)) > 0`
/// (SQLite's lower() folds ASCII letters only), without the lowered copy of every row's text that lower() makes:
/// that copy was a third of the time of counting a search that a fifth of a million products match.
extension Connection {
    /// Makes `contains_text` callable on this connection.
    package func addTextContainsFunction() throws {
        let code = sqlite3_create_function_v2(
            database, "contains_text", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, containsText, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, handle: database) }
    }
}

/// SQLite calls this with its two arguments; the text pointers stay valid for the call.
private func containsText(
    _ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?
) {
    guard let arguments, let textValue = arguments[0], let partValue = arguments[1],
        sqlite3_value_type(textValue) != SQLITE_NULL, sqlite3_value_type(partValue) != SQLITE_NULL
    else {
        return sqlite3_result_null(context)
    }
    guard let text = utf8(of: textValue), let part = utf8(of: partValue) else {
        return sqlite3_result_error_nomem(context)
    }
    sqlite3_result_int(context, ASCIIFolding.contains(text, part) ? 1 : 0)
}

/// The value's text as UTF-8; nil only when SQLite ran out of memory making it.
private func utf8(of value: OpaquePointer) -> UnsafeBufferPointer<UInt8>? {
    // sqlite3_value_text before sqlite3_value_bytes: the count is then that of the UTF-8 text (SQLite's order).
    let start = sqlite3_value_text(value)
    let count = Int(sqlite3_value_bytes(value))
    guard let start else { return count == 0 ? UnsafeBufferPointer(start: nil, count: 0) : nil }
    return UnsafeBufferPointer(start: start, count: count)
}
