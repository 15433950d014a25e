import Foundation
import OpenMarketClient
import Testing

/// The client's snapshot calls against the real server: typed results, typed refusals with the server's message.
extension MarketContractTests {
    @Test("a snapshot the client takes lists, restores the store with its ids, and goes when deleted")
    func snapshots() async throws {
        let ids = try await market.owner.createProducts(2)
        let admin = market.owner.admin
        let taken = try await admin.takeSnapshot(named: "two-products")
        #expect(taken.name == "two-products")
        #expect(taken.products == 2)
        #expect(taken.images == 2)
        #expect(taken.byteCount > 0)
        let detail = try await market.owner.productDetail(id: ids[0])

        _ = try await market.owner.createProducts(1)
        let restored = try await admin.restoreSnapshot(named: "two-products")
        #expect(restored.database.products == 2)
        #expect(try await market.owner.productDetail(id: ids[0]) == detail)
        let next = try await market.owner.createProduct(.sample())
        #expect(next.id == ids[1] + 1, "ids go on from where they were at the snapshot")

        let list = try await admin.snapshots()
        #expect(list.snapshots.map(\.name) == ["two-products"])
        #expect(list.byteCount == taken.byteCount)
        #expect(list.byteLimit >= list.byteCount)
        try await admin.deleteSnapshot(named: "two-products")
        #expect(try await admin.snapshots().snapshots.isEmpty)
    }

    @Test("a taken name, an unknown name and a bad name are typed refusals; a bad name is not sent in a path")
    func snapshotRefusals() async throws {
        let admin = market.owner.admin
        try await admin.takeSnapshot(named: "once")
        for (call, status) in [(0, 409), (1, 404), (2, 404), (3, 400)] {
            await #expect {
                switch call {
                case 0: try await admin.takeSnapshot(named: "once")
                case 1: try await admin.restoreSnapshot(named: "never")
                case 2: try await admin.deleteSnapshot(named: "never")
                default: try await admin.takeSnapshot(named: "no spaces")
                }
            } throws: { error in
                guard case .adminRefused(let failure) = error as? OpenMarketError else { return false }
                return failure.statusCode == status && failure.message.contains("snapshot")
            }
        }
        await #expect {
            try await admin.restoreSnapshot(named: "../reset")
        } throws: { error in
            guard case .invalidRequest(let reason) = error as? OpenMarketError else { return false }
            return reason.contains("snapshot name")
        }
        #expect(try await admin.snapshots().snapshots.map(\.name) == ["once"])
    }
}
