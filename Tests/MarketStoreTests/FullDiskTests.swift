import Foundation
import OpenMarketHTTPTestSupport
import OpenMarketStore
import Testing

/// On a real, small file system: a full disk refuses writes with a typed error and loses nothing, while reads and
/// deletes go on, writes resume once there is room, and the store opens again on the full disk.
@Suite("A full disk", .enabled(if: SmallDisk.canMount, "mounting a small tmpfs needs root; skipped"))
struct FullDiskTests {
    private static func image(_ tag: String, kilobytes: Int) -> NewImage {
        var image = Fixture.image(tag)
        image.bytes = (0..<kilobytes * 1024).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ tag.count) }
        return image
    }

    @Test func writesAreRefusedWhileReadsAndDeletesGoOnAndWritesResumeWithRoom() throws {
        let disk = try SmallDisk(megabytes: 8)
        let path = disk.path("store.sqlite")
        let store = try MarketStore(path: path, readers: 1)
        let products = try (0..<4).map {
            try store.createProduct(Fixture.product("product \($0)"), images: [Self.image("p\($0)", kilobytes: 256)])
        }
        try disk.fill()

        let refused = #expect(throws: StoreError.diskFull(path: path)) {
            try store.createProduct(Fixture.product("too much"), images: [Self.image("too-much", kilobytes: 256)])
        }
        #expect(refused?.description.contains("full, so nothing was stored") == true)
        #expect(try store.page(offset: 0, limit: 10, search: nil, order: .oldestFirst).products == products)
        #expect(try store.image(key: products[1].images[0].originKey)?.bytes.count == 256 * 1024)

        #expect(try store.deleteProduct(id: products[0].id) == products[0])
        #expect(try store.deleteProduct(id: products[1].id) == products[1])
        #expect(try store.page(offset: 0, limit: 10, search: nil, order: .oldestFirst).products == Array(products[2...]))

        try disk.empty()
        let created = try store.createProduct(Fixture.product("room again"), images: [Self.image("again", kilobytes: 256)])
        #expect(try store.product(id: created.id) == created)
    }

    @Test func aStoreOpensAgainOnAFullDiskAndCanStillDelete() throws {
        let disk = try SmallDisk(megabytes: 8)
        let path = disk.path("store.sqlite")
        var products: [Product] = []
        do {
            let store = try MarketStore(path: path, readers: 1)
            products = try (0..<3).map {
                try store.createProduct(Fixture.product("product \($0)"), images: [Self.image("p\($0)", kilobytes: 256)])
            }
        }
        try disk.fill()

        let reopened = try MarketStore(path: path, readers: 1)
        #expect(try reopened.page(offset: 0, limit: 10, search: nil, order: .oldestFirst).products == products)
        #expect(try reopened.deleteProduct(id: products[0].id) == products[0])
        try disk.fill()
        #expect(throws: StoreError.diskFull(path: path)) {
            try reopened.createProduct(Fixture.product("too much"), images: [Self.image("too-much", kilobytes: 512)])
        }
    }
}

extension FullDiskTests {
    /// A database from before the reserve (or whose reserve is gone) cannot open its journal on a full disk: the
    /// error says so in one line instead of an I/O error code.
    @Test func aStoreWithoutItsReserveOnAFullDiskSaysTheDiskIsFull() throws {
        let disk = try SmallDisk(megabytes: 8)
        let path = disk.path("store.sqlite")
        do { _ = try MarketStore(path: path, readers: 1).createProduct(Fixture.product("kept"), images: []) }
        try FileManager.default.removeItem(atPath: path + "-reserve")
        try disk.fill()
        let error = #expect(throws: StoreError.diskFull(path: path)) { try MarketStore(path: path, readers: 1) }
        #expect(error?.description.contains("\n") == false)
    }
}

extension FullDiskTests {
    /// The whole story of a disk that fills up: writes stop, the store is stopped and started on the full disk, the
    /// user frees 1 MB (writes resume, the reserve stays given back), then 3 MB more (the reserve is made again),
    /// and a last restart finds every write that was acknowledged.
    @Test func aStoreStoppedAndStartedOnAFullDiskComesBackWithEveryAcknowledgedWrite() throws {
        let disk = try SmallDisk(megabytes: 8)
        let path = disk.path("store.sqlite")
        let reserve = path + "-reserve"
        var acknowledged: [Product] = []
        func create(_ name: String, in store: MarketStore) throws {
            acknowledged.append(try store.createProduct(Fixture.product(name), images: [Self.image(name, kilobytes: 256)]))
        }

        let first = try MarketStore(path: path, readers: 1)
        try (0..<3).forEach { try create("before \($0)", in: first) }
        try disk.fill()
        #expect(throws: StoreError.diskFull(path: path)) { try create("refused", in: first) }
        first.close()

        let second = try MarketStore(path: path, readers: 1)
        #expect(!FileManager.default.fileExists(atPath: reserve), "the reserve is given back on a full disk")
        try disk.fill()  // what the reserve gave back is taken by whatever filled the disk
        #expect(throws: StoreError.diskFull(path: path)) { try create("still refused", in: second) }

        try disk.free(megabytes: 1)
        try create("after 1 MB", in: second)
        #expect(!FileManager.default.fileExists(atPath: reserve), "freeing less than the reserve leaves it given back")

        try disk.free(megabytes: 3)
        try create("after 4 MB", in: second)
        #expect(FileManager.default.fileExists(atPath: reserve), "with room to spare the reserve is made again")
        try create("with the reserve back", in: second)
        second.close()

        let third = try MarketStore(path: path, readers: 1)
        #expect(try third.page(offset: 0, limit: 100, search: nil, order: .oldestFirst).products == acknowledged)
    }
}
