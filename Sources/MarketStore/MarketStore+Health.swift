#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SQLite

extension MarketStore {
    /// Below this much free space a write is about to fail with SQLITE_FULL: a page, its WAL frame and slack.
    static let minimumFreeBytes: UInt64 = 1 << 20

    /// Counts from one snapshot, and whether the file could take a write now.
    public func health() throws -> StoreHealth {
        let path = connections.path
        let (version, products, images, imageBytes) = try connections.readTransaction { connection in
            (
                try connection.withStatement("PRAGMA user_version") { try $0.step() ? $0.column(0) as Int : 0 },
                try connection.withStatement("SELECT count(*) FROM products") { try $0.step() ? $0.column(0) as Int : 0 },
                try connection.withStatement("SELECT count(*) FROM images") { try $0.step() ? $0.column(0) as Int : 0 },
                try connection.withStatement("SELECT coalesce(sum(byte_count), 0) FROM images") {
                    try $0.step() ? $0.column(0) as Int64 : 0
                }
            )
        }
        return StoreHealth(
            path: path, schemaVersion: version, products: products, images: images, imageBytes: imageBytes,
            unwritableReason: path == ":memory:" ? nil : Self.unwritableReason(path: path))
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
            let free = UInt64(space.f_bavail) * UInt64(space.f_frsize)
            if free < minimumFreeBytes {
                return "the disk holding \(path) is full (\(free) bytes free); free some space"
            }
        }
        return nil
    }
}
