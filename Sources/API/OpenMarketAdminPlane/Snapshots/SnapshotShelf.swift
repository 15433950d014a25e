import OpenMarketHTTPCore
import OpenMarketLocking
import OpenMarketStore

/// The named snapshots of `/__admin/snapshots`, kept in unlinked files in `temporaryFolder` (which the system
/// caches in memory), at most `byteLimit` bytes in all.
///
/// Taking and restoring hold the reset gate alone, as a reset does: every API request sees the store wholly before
/// or wholly after, and a snapshot never catches a request half done. The journal, the faults and the latency are
/// not part of a snapshot and stay as they are on a restore.
final class SnapshotShelf: Sendable {
    struct Entry: Sendable {
        let name: SnapshotName
        let createdAt: Double
        let snapshot: StoreSnapshot
    }

    /// Half a gibibyte: some 150 snapshots of the demo store, or one of a store of a few hundred thousand products.
    static let defaultByteLimit = 512 << 20

    let byteLimit: Int
    private let temporaryFolder: String?
    private let store: MarketStore
    private let gate: ReadWriteLock
    /// In creation order.
    private let entries = Locked<[Entry]>([])

    /// `temporaryFolder` nil: the system's (`TMPDIR`, else /tmp).
    init(store: MarketStore, gate: ReadWriteLock, byteLimit: Int = defaultByteLimit, temporaryFolder: String? = nil) {
        self.store = store
        self.gate = gate
        self.byteLimit = byteLimit
        self.temporaryFolder = temporaryFolder
    }

    var all: [Entry] {
        entries.withLock { $0 }
    }

    var byteCount: Int {
        entries.withLock { $0.reduce(0) { $0 + $1.snapshot.byteCount } }
    }

    /// Takes a snapshot of the store under `name`. The name is checked first and again when the snapshot is put on
    /// the shelf, so two requests racing for one name get one snapshot and one 409.
    func take(_ name: SnapshotName) throws -> Entry {
        try refuseTaken(name)
        let snapshot: StoreSnapshot
        do {
            snapshot = try gate.withExclusiveLock {
                try store.snapshot(byteLimit: byteLimit - byteCount, temporaryFolder: temporaryFolder)
            }
        } catch StoreSnapshotError.tooLarge(let needed, let room) {
            throw AdminError(
                Self.conflict,
                "the store takes \(needed) bytes and the snapshots may take \(room) more (\(byteLimit) in all); "
                    + "delete snapshots you no longer need (DELETE /__admin/snapshots/{name}) and try again")
        } catch let error as StoreSnapshotError {
            // The server's disk, not the request: as a store's full disk, a 507.
            throw AdminError(.insufficientStorage, error.description)
        }
        let entry = Entry(name: name, createdAt: JournalClock.wallSeconds(), snapshot: snapshot)
        try entries.withLock { entries throws(AdminError) in
            guard !entries.contains(where: { $0.name == name }) else { throw Self.taken(name) }
            entries.append(entry)
        }
        return entry
    }

    func restore(_ name: SnapshotName) throws {
        let entry = try self.entry(name)
        try gate.withExclusiveLock { try store.restore(entry.snapshot) }
    }

    func delete(_ name: SnapshotName) throws(AdminError) {
        try entries.withLock { entries throws(AdminError) in
            guard let index = entries.firstIndex(where: { $0.name == name }) else { throw Self.unknown(name) }
            entries.remove(at: index)
        }
    }

    private func entry(_ name: SnapshotName) throws(AdminError) -> Entry {
        guard let entry = entries.withLock({ $0.first { $0.name == name } }) else { throw Self.unknown(name) }
        return entry
    }

    private func refuseTaken(_ name: SnapshotName) throws(AdminError) {
        if entries.withLock({ $0.contains { $0.name == name } }) { throw Self.taken(name) }
    }

    private static let conflict = HTTPStatus(code: 409, reasonPhrase: "Conflict")

    private static func taken(_ name: SnapshotName) -> AdminError {
        AdminError(
            conflict,
            "a snapshot named \"\(name.text)\" exists already; choose another name, or delete it first "
                + "(DELETE /__admin/snapshots/\(name.text)) to take it again")
    }

    private static func unknown(_ name: SnapshotName) -> AdminError {
        AdminError(.notFound, "no snapshot named \"\(name.text)\"; GET /__admin/snapshots lists those kept")
    }
}
