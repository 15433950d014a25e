import COpenMarketSQLite

/// A whole database as the bytes of its file (`DatabaseImage`): what `sqlite3_serialize` gives and
/// `sqlite3_deserialize` takes. Used to copy a database in and out of memory without going page by page.
extension Connection {
    /// Bytes 18 and 19 of a database file: the write and read format versions, 1 for a rollback journal, 2 for WAL.
    private static let formatVersionOffsets = 18...19
    private static let rollbackJournalFormat: UInt8 = 1

    /// The main database's file image, read in one read transaction (the one open on this connection, if any).
    ///
    /// `sqlite3_serialize` copies only databases that live in SQLite's memdb; for any other it needs the
    /// sqlite_dbpage table, which many builds (Debian's among them) leave out. So the pages go first by online
    /// backup into a private memdb database, whose bytes are then written out once. The image is marked as using a
    /// rollback journal: a database file in WAL mode cannot be opened in memory, and whoever copies it back into a WAL
    /// database gets WAL's mark again from the backup.
    /// The image is written to a file in `folder` (`TemporaryFileError` when it cannot be).
    package func fileImage(in folder: String = DatabaseImage.temporaryFolder) throws -> DatabaseImage {
        // No leading slash: a memdb name that starts with "/" is shared by every connection in the process.
        let scratch = try Connection(path: "file:image?vfs=memdb", flags: [.readWrite, .create, .uri, .noMutex])
        try scratch.liftMemorySizeLimit()
        try copy(to: scratch)
        var size: sqlite3_int64 = 0
        // NOCOPY: the bytes stay the scratch database's; only the header is copied, to be marked.
        guard let bytes = sqlite3_serialize(scratch.database, "main", &size, UInt32(SQLITE_SERIALIZE_NOCOPY)) else {
            throw SQLiteError(code: SQLITE_NOMEM, message: "SQLite could not serialize the in-memory copy")
        }
        let all = UnsafeRawBufferPointer(start: bytes, count: Int(size))
        let headerCount = min(all.count, Self.formatVersionOffsets.upperBound + 1)
        var header = Array(all.prefix(headerCount))
        if header.count == headerCount && headerCount > Self.formatVersionOffsets.upperBound {
            for offset in Self.formatVersionOffsets { header[offset] = Self.rollbackJournalFormat }
        }
        return try header.withUnsafeBytes { header in
            try DatabaseImage(writing: [header, UnsafeRawBufferPointer(rebasing: all[headerCount...])], in: folder)
        }
    }

    /// Makes this connection's main database a writable copy of `image`, held in SQLite's memdb: a private mapping of
    /// the image's file, whose pages are copied only as they are written (`DatabaseImage`). Where the system refuses
    /// the mapping, one allocation and one read of the bytes, which grows as it is written to. What was in the main
    /// database before is gone.
    package func replaceMain(withCopyOf image: DatabaseImage) throws {
        let size = sqlite3_int64(image.byteCount)
        if let mapped = image.mapWritableCopy() {
            // No flags: SQLite neither frees nor resizes the mapping; it grows into the room reserved after the bytes.
            let code = sqlite3_deserialize(
                database, "main", mapped.assumingMemoryBound(to: UInt8.self), size,
                size + sqlite3_int64(DatabaseImage.growthRoom), 0)
            guard code == SQLITE_OK else {
                DatabaseImage.unmap(mapped, byteCount: image.byteCount)
                throw SQLiteError(code: code, handle: database)
            }
            if let previous = mappedMain { DatabaseImage.unmap(previous.start, byteCount: previous.byteCount) }
            mappedMain = (mapped, image.byteCount)
        } else {
            // Allocated with SQLite's allocator: FREEONCLOSE hands the buffer to SQLite, which frees it (or resizes it
            // as the database grows, RESIZEABLE) with the same allocator when the connection closes.
            guard let buffer = sqlite3_malloc64(sqlite3_uint64(max(image.byteCount, 1))) else {
                throw SQLiteError(code: SQLITE_NOMEM, message: "no memory for a copy of \(image.byteCount) bytes")
            }
            do {
                try image.read(into: buffer)
            } catch {
                sqlite3_free(buffer)
                throw error
            }
            // sqlite3_deserialize frees the buffer itself when it fails, as FREEONCLOSE asks.
            let code = sqlite3_deserialize(
                database, "main", buffer.assumingMemoryBound(to: UInt8.self), size, size,
                UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE))
            guard code == SQLITE_OK else { throw SQLiteError(code: code, handle: database) }
        }
        try liftMemorySizeLimit()
    }

    /// memdb refuses to grow a database past a gigabyte unless told otherwise, which a store of a million generated
    /// products is (it would not be copied, nor written to once copied).
    private func liftMemorySizeLimit() throws {
        var limit = sqlite3_int64.max
        let code = sqlite3_file_control(database, "main", SQLITE_FCNTL_SIZE_LIMIT, &limit)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, handle: database) }
    }

    /// Runs `body` with a read-only connection over `image`, which reads the bytes where they are mapped, without
    /// copying them. `body` must not keep the connection: the mapping is lent for the call only.
    package static func withImage<Result>(_ image: DatabaseImage, _ body: (Connection) throws -> Result) throws -> Result {
        try image.withBytes { bytes in
            let connection = try Connection(path: ":memory:", flags: [.readWrite, .create, .noMutex])
            let size = sqlite3_int64(bytes.count)
            // READONLY: SQLite neither writes to nor frees the bytes.
            let code = sqlite3_deserialize(
                connection.database, "main", UnsafeMutablePointer(mutating: bytes.bindMemory(to: UInt8.self).baseAddress),
                size, size, UInt32(SQLITE_DESERIALIZE_READONLY))
            guard code == SQLITE_OK else { throw SQLiteError(code: code, handle: connection.database) }
            return try body(connection)
        }
    }
}
