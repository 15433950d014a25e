import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        try scratch.liftMemorySizeLimit()
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

    /// Makes this connection's main database a writable copy of `image` (as `fileImage` made it), held in SQLite's
    /// memdb: one allocation and one copy of the bytes, where an online backup would write them page by page
    /// through the page cache. The copy grows as it is written to. What was in the main database before is gone.
    package func replaceMain(withCopyOf image: [UInt8]) throws {
        let size = sqlite3_int64(image.count)
        // Allocated with SQLite's allocator: FREEONCLOSE hands the buffer to SQLite, which frees it (or resizes it
        // as the database grows, RESIZEABLE) with the same allocator when the connection closes.
        guard let buffer = sqlite3_malloc64(sqlite3_uint64(max(image.count, 1))) else {
            throw SQLiteError(code: SQLITE_NOMEM, message: "no memory for a copy of \(image.count) bytes")
        }
        Self.adviseLargePages(buffer, count: image.count)
        image.withUnsafeBytes { bytes in
            if let source = bytes.baseAddress { buffer.copyMemory(from: source, byteCount: bytes.count) }
        }
        // sqlite3_deserialize frees the buffer itself when it fails, as FREEONCLOSE asks.
        let code = sqlite3_deserialize(
            database, "main", buffer.assumingMemoryBound(to: UInt8.self), size, size,
            UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE))
        guard code == SQLITE_OK else { throw SQLiteError(code: code, handle: database) }
        try liftMemorySizeLimit()
    }

    /// Asks for the bytes from `start` on to be backed by 2 MiB pages where the kernel can, before anything touches
    /// them. A copy of a large store then takes one page fault per 2 MiB instead of one per 4 KiB, and the faults, not
    /// the copying, were most of its time: the second emulator of 100,000 generated products was made in 44 ms
    /// instead of 79 here. Linux backs such a range with large pages only when its transparent huge pages are
    /// `always` or `madvise` (as on this machine); otherwise, and where the range holds no whole large page, the
    /// advice changes nothing.
    private static func adviseLargePages(_ start: UnsafeMutableRawPointer, count: Int) {
        #if canImport(Glibc)
        let largePage = 2 << 20
        let first = (Int(bitPattern: start) + largePage - 1) & ~(largePage - 1)
        let end = (Int(bitPattern: start) + count) & ~(largePage - 1)
        guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
        // Advice only: a kernel without it answers EINVAL and the copy goes on in small pages.
        _ = madvise(aligned, end - first, MADV_HUGEPAGE)
        #else
        // Darwin has no advice for memory from malloc; its own allocator picks the page size.
        #endif
    }

    /// memdb refuses to grow a database past a gigabyte unless told otherwise, which a store of a million generated
    /// products is (it would not be copied, nor written to once copied).
    private func liftMemorySizeLimit() throws {
        var limit = sqlite3_int64.max
        let code = sqlite3_file_control(database, "main", SQLITE_FCNTL_SIZE_LIMIT, &limit)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, handle: database) }
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
