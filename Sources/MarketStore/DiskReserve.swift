#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A file of `size` bytes next to the database, given back to the file system when the disk is full so that a
/// delete (which frees space inside the database) and a start can still write their journal. Made again once a
/// write succeeds with room to spare.
final class DiskReserve: Sendable {
    static let size = 2 << 20

    private let path: String

    init(databasePath: String) {
        path = databasePath + "-reserve"
    }

    /// Gives the reserve back when the disk has less room than the reserve: opening a database in WAL mode
    /// writes its shared-memory file, even to read.
    func releaseIfDiskIsFull() {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard let free = (try? FileManager.default.attributesOfFileSystem(forPath: folder))?[.systemFreeSize] as? Int,
              free < Self.size else { return }
        _ = release()
    }

    /// Removes the reserve; false if there was none to give back.
    func release() -> Bool {
        (try? FileManager.default.removeItem(atPath: path)) != nil
    }

    /// Writes the reserve if it is missing; a disk without room for it is left as it is.
    func restore() {
        guard !FileManager.default.fileExists(atPath: path) else { return }
        // Written, not just sized: a sparse file would reserve nothing.
        do {
            try Data(count: Self.size).write(to: URL(fileURLWithPath: path))
        } catch {
            _ = release()
        }
    }
}
