#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A file of `size` bytes next to the database, given back to the file system when the disk is full so that a
/// delete (which frees space inside the database) and a start can still write their journal. Made again only once
/// the disk has room for it and `roomLeftAfterRestoring`: a user who frees less than the reserve gets to use what
/// they freed, instead of the reserve taking it back and writes failing again.
final class DiskReserve: Sendable {
    static let size = 2 << 20
    static let roomLeftAfterRestoring = 1 << 20

    private let path: String
    private let folder: String

    init(databasePath: String) {
        path = databasePath + "-reserve"
        folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

    /// Gives the reserve back when the disk has less room than the reserve: opening a database in WAL mode
    /// writes its shared-memory file, even to read.
    func releaseIfDiskIsFull() {
        guard let free = freeBytes(), free < Self.size else { return }
        _ = release()
    }

    /// Removes the reserve; false if there was none to give back.
    func release() -> Bool {
        (try? FileManager.default.removeItem(atPath: path)) != nil
    }

    /// Writes the reserve if it is missing and the disk has room for it and `roomLeftAfterRestoring`.
    func restore() {
        guard !FileManager.default.fileExists(atPath: path),
              let free = freeBytes(), free >= Self.size + Self.roomLeftAfterRestoring else { return }
        // Written, not just sized: a sparse file would reserve nothing.
        do {
            try Data(count: Self.size).write(to: URL(fileURLWithPath: path))
        } catch {
            _ = release()
        }
    }

    /// Bytes an unprivileged process may still write to the reserve's file system; nil if it cannot be asked.
    func freeBytes() -> Int? {
        // The value's type differs by platform (UInt64 in FoundationEssentials, an NSNumber in Foundation on
        // Darwin), so each integer type is tried.
        switch (try? FileManager.default.attributesOfFileSystem(forPath: folder))?[.systemFreeSize] {
        case let free as UInt64: Int(clamping: free)
        case let free as Int64: Int(clamping: free)
        case let free as Int: free
        default: nil
        }
    }
}
