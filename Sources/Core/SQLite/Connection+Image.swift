import CSQLite

/// A whole database as the bytes of its file, held in memory: what `sqlite3_serialize` gives and
/// `sqlite3_deserialize` takes. Used to copy a database in and out of memory in one pass of page copies.
extension Connection {
    /// Bytes 18 and 19 of a database file: the write and read format versions, 1 for a rollback journal, 2 for WAL.
    private static let formatVersionOffsets = 18...19
    private static let rollbackJournalFormat: UInt8 = 1

    /// The main database's file image, read in one read transaction (the one open on this connection, if any).
    ///
    /// `sqlite3_serialize` copies only databases that live in SQLite's memdb; for any other it needs the
    /// sqlite_dbpage table, which many builds (Debian's among them) leave out. So the pages go first by online
    /// backup into a private memdb database, whose image is then one copy. The image is marked as using a rollback
    /// journal: a database file in WAL mode cannot be opened in memory, and whoever copies it back into a WAL
    /// database gets WAL's mark again from the backup.
    package func fileImage() throws -> [UInt8] {
        // No leading slash: a memdb name that starts with "/" is shared by every connection in the process.
        let scratch = try Connection(path: "file:image?vfs=memdb", flags: [.readWrite, .create, .uri, .noMutex])
        try copy(to: scratch)
        var size: sqlite3_int64 = 0
        // NOCOPY: the bytes stay the scratch database's and are copied once, into the array, below.
        guard let bytes = sqlite3_serialize(scratch.database, "main", &size, UInt32(SQLITE_SERIALIZE_NOCOPY)) else {
            throw SQLiteError(code: SQLITE_NOMEM, message: "SQLite could not serialize the in-memory copy")
        }
        var image = Array(UnsafeBufferPointer(start: bytes, count: Int(size)))
        if image.count > Self.formatVersionOffsets.upperBound {
            for offset in Self.formatVersionOffsets { image[offset] = Self.rollbackJournalFormat }
        }
        return image
    }

    /// Runs `body` with a read-only connection over `image` (as `fileImage` made it), which reads the bytes where
    /// they are, without copying them. `body` must not keep the connection: it reads memory lent for the call only.
    package static func withImage<Result>(_ image: [UInt8], _ body: (Connection) throws -> Result) throws -> Result {
        try image.withUnsafeBufferPointer { bytes in
            let connection = try Connection(path: ":memory:", flags: [.readWrite, .create, .noMutex])
            let size = sqlite3_int64(bytes.count)
            // READONLY: SQLite neither writes to nor frees the bytes, so they may stay immutable Swift memory.
            let code = sqlite3_deserialize(
                connection.database, "main", UnsafeMutablePointer(mutating: bytes.baseAddress), size, size,
                UInt32(SQLITE_DESERIALIZE_READONLY))
            guard code == SQLITE_OK else { throw SQLiteError(code: code, handle: connection.database) }
            return try body(connection)
        }
    }
}
