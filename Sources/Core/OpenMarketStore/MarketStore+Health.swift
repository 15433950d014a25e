#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import OpenMarketSQLite

extension MarketStore {
    /// Below this much free space a write is about to fail with SQLITE_FULL: a page, its WAL frame and slack.
    static let minimumFreeBytes: UInt64 = 1 << 20

    /// Counts from one snapshot, and whether the file could take a write now. Never throws: a database that
    /// cannot even be read is reported as such.
    package func health() -> StoreHealth {
        let path = connections.path
        let fileProblem = path == ":memory:" ? nil : Self.unwritableReason(path: path)
        do {
            return StoreHealth(path: path, counts: try counts(), unwritableReason: fileProblem)
        } catch {
            return StoreHealth(
                path: path, counts: nil, unwritableReason: fileProblem ?? "the database cannot be read: \(error)")
        }
    }

    private func counts() throws -> StoreHealth.Counts {
        try connections.readTransaction { connection in
            func count<Value: SQLiteValue>(_ sql: String, _ empty: Value) throws -> Value {
                try connection.withStatement(sql) { try $0.step() ? $0.column(0) : empty }
            }
            return StoreHealth.Counts(
                schemaVersion: try count("PRAGMA user_version", 0),
                products: try count("SELECT count(*) FROM products", 0),
                images: try count("SELECT count(*) FROM images", 0),
                imageBytes: try count("SELECT coalesce(sum(byte_count), 0) FROM images", Int64(0)))
        }
    }

    /// Checked on the file system rather than by writing, so asking never changes the database.
    static func unwritableReason(path: String) -> String? {
        guard access(path, W_OK) == 0 else {
            return "the database file \(path) is not writable (\(String(cString: strerror(errno)))); "
                + "check its permissions and owner"
        }
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        // SQLite creates its -wal and -shm files beside the database.
        guard access(folder.isEmpty ? "/" : folder, W_OK) == 0 else {
            return "the folder of \(path) is not writable; SQLite needs to create its -wal file there"
        }
        var space = statvfs()
        if statvfs(path, &space) == 0 {
            if space.f_flag & UInt(ST_RDONLY) != 0 {
                return "the file system holding \(path) is mounted read-only; move the database to a writable place"
            }
            let free = UInt64(space.f_bavail) * UInt64(space.f_frsize)
            if free < minimumFreeBytes {
                return "the disk holding \(path) is full (\(free) bytes free); free some space"
            }
        }
        return nil
    }
}
