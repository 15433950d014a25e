import COpenMarketSQLite

extension Connection {
    /// Copies this connection's main database into `destination`'s, replacing what it held, as one consistent
    /// snapshot: SQLite's online backup, in a single step, so the copy holds one read transaction from start to end
    /// and writers on other connections go on meanwhile (in WAL mode). A lock held too long fails with
    /// `SQLITE_BUSY` after this connection's busy timeout.
    package func copy(to destination: Connection) throws {
        guard let backup = sqlite3_backup_init(destination.database, "main", database, "main") else {
            throw SQLiteError(code: sqlite3_errcode(destination.database), handle: destination.database)
        }
        let stepped = sqlite3_backup_step(backup, -1)
        // Finish releases the backup whatever happened; its code repeats the step's failure, if any.
        let finished = sqlite3_backup_finish(backup)
        guard stepped == SQLITE_DONE else {
            throw SQLiteError(code: stepped, message: String(cString: sqlite3_errstr(stepped)))
        }
        guard finished == SQLITE_OK else { throw SQLiteError(code: finished, handle: destination.database) }
    }
}
