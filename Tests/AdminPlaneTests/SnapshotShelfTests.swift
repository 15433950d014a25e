@testable import OpenMarketAdminPlane
import OpenMarketHTTPCore
import OpenMarketLocking
import OpenMarketStore
import Testing

@Suite struct SnapshotShelfTests {
    @Test("a snapshot that would take the shelf over its limit is a 409 that says how to make room")
    func limit() throws {
        let store = try MarketStore(path: ":memory:")
        let probe = try store.snapshot()
        let shelf = SnapshotShelf(store: store, gate: ReadWriteLock(), byteLimit: probe.byteCount * 3 / 2)
        _ = try shelf.take(try SnapshotName("first"))
        #expect {
            _ = try shelf.take(try SnapshotName("second"))
        } throws: { error in
            guard let refusal = error as? AdminError else { return false }
            return refusal.status.code == 409 && refusal.message.contains("DELETE /__admin/snapshots/{name}")
        }
        #expect(shelf.all.map(\.name.text) == ["first"])
        #expect(shelf.byteCount == probe.byteCount)
    }

    @Test("a temporary folder that cannot take a snapshot is a 507 that names it and says how to make room")
    func folderThatCannotTakeIt() throws {
        let store = try MarketStore(path: ":memory:")
        let folder = "/nonexistent-openmarket-folder"
        #expect(throws: StoreSnapshotError.cannotKeep(folder: folder, reason: "No such file or directory")) {
            try store.snapshot(temporaryFolder: folder)
        }
        let shelf = SnapshotShelf(store: store, gate: ReadWriteLock(), temporaryFolder: folder)
        #expect {
            _ = try shelf.take(try SnapshotName("first"))
        } throws: { error in
            guard let refusal = error as? AdminError else { return false }
            return refusal.status.code == 507 && refusal.message.contains(folder) && refusal.message.contains("TMPDIR")
        }
        #expect(shelf.all.isEmpty)
    }
}
