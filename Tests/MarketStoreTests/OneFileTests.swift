import Foundation
import OpenMarketHTTPTestSupport
import OpenMarketStore
import Testing

/// A closed store is one file, a backup is one file, and a main file that only its WAL completes still opens.
@Suite("A store as one file")
struct OneFileTests {
    private static func files(in directory: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
    }

    private static func everything(_ store: MarketStore) throws -> [Product] {
        try store.page(offset: 0, limit: 100, search: nil, order: .oldestFirst).products
    }

    @Test func closingFoldsTheWALIntoTheDatabaseFileAlone() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("store.sqlite")
        let store = try MarketStore(path: path, readers: 2)
        let products = try (0..<5).map { try store.createProduct(Fixture.product("p\($0)"), images: [Fixture.image("c\($0)")]) }
        #expect(try Self.everything(store) == products)
        #expect(try Self.files(in: directory).contains("store.sqlite-wal"))

        store.close()
        #expect(try Self.files(in: directory) == ["store.sqlite", "store.sqlite-reserve"])
        #expect(throws: StoreError.closed(path: path)) { try store.product(id: products[0].id) }
        #expect(throws: StoreError.closed(path: path)) { try store.createProduct(Fixture.product("late"), images: []) }

        let copies = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: path, toPath: copies.path("copy.sqlite"))
        #expect(try Self.everything(MarketStore(path: copies.path("copy.sqlite"), readers: 1)) == products)
    }

    @Test func aBackupOfAnOpenStoreIsOneFileWithEveryCommittedWrite() throws {
        let directory = try TemporaryDirectory()
        let store = try MarketStore(path: directory.path("store.sqlite"), readers: 1)
        let products = try (0..<5).map { try store.createProduct(Fixture.product("p\($0)"), images: [Fixture.image("b\($0)")]) }
        let copies = try TemporaryDirectory()
        let copy = copies.path("copy.sqlite")

        try StoreBackup.copy(from: directory.path("store.sqlite"), to: copy, replacing: false)
        #expect(try Self.files(in: copies) == ["copy.sqlite"])
        _ = try store.createProduct(Fixture.product("after the copy"), images: [])
        #expect(try Self.everything(MarketStore(path: copy, readers: 1)) == products)
    }

    @Test func aBackupRefusesBadPathsAndLeavesAnExistingFileUnlessReplacing() throws {
        let directory = try TemporaryDirectory()
        let source = directory.path("store.sqlite")
        let product = try MarketStore(path: source, readers: 1).createProduct(Fixture.product("kept"), images: [])
        let existing = directory.path("existing.sqlite")
        try Data("mine".utf8).write(to: URL(fileURLWithPath: existing))

        #expect(throws: BackupError.destinationExists(path: existing)) {
            try StoreBackup.copy(from: source, to: existing, replacing: false)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: existing)) == Data("mine".utf8))
        #expect(throws: BackupError.noStore(path: directory.path("missing.sqlite"))) {
            try StoreBackup.copy(from: directory.path("missing.sqlite"), to: directory.path("x.sqlite"), replacing: false)
        }
        #expect(throws: BackupError.destinationIsFolder(path: directory.url.path)) {
            try StoreBackup.copy(from: source, to: directory.url.path, replacing: true)
        }
        #expect(throws: BackupError.destinationFolderMissing(path: directory.path("nowhere"))) {
            try StoreBackup.copy(from: source, to: directory.path("nowhere/x.sqlite"), replacing: false)
        }
        #expect(throws: BackupError.sameFile(path: source)) { try StoreBackup.copy(from: source, to: source, replacing: true) }
        #expect(throws: BackupError.store(.notADatabase(path: existing))) {
            try StoreBackup.copy(from: existing, to: directory.path("y.sqlite"), replacing: false)
        }

        try StoreBackup.copy(from: source, to: existing, replacing: true)
        #expect(try MarketStore(path: existing, readers: 1).product(id: product.id) == product)
        #expect(try Self.files(in: directory).allSatisfy { !$0.hasSuffix(".partial") })
    }

    /// A checkpoint cut short (a full disk, a kill) can leave page 1 of the main file pointing at pages only the WAL
    /// holds: the main file alone is "malformed", the database is whole. Made here by copying the files of an open
    /// store (a crash's view of them) and writing the WAL's newest page 1 into the main file.
    @Test func aMainFileThatOnlyItsWALCompletesOpensWithEverything() throws {
        let directory = try TemporaryDirectory()
        let store = try MarketStore(path: directory.path("store.sqlite"), readers: 1)
        let products = try (0..<5).map { try store.createProduct(Fixture.product("p\($0)"), images: [Fixture.image("w\($0)")]) }
        let crashed = try TemporaryDirectory()
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: directory.path("store.sqlite") + suffix, toPath: crashed.path("store.sqlite") + suffix)
        }
        let wal = try [UInt8](Data(contentsOf: URL(fileURLWithPath: crashed.path("store.sqlite-wal"))))
        let pageSize = wal[8..<12].reduce(0) { $0 << 8 | Int($1) }
        var newestPageOne: ArraySlice<UInt8>?
        var frame = 32
        while frame + 24 + pageSize <= wal.count {
            if wal[frame..<frame + 4].reduce(0, { $0 << 8 | Int($1) }) == 1 {
                newestPageOne = wal[frame + 24..<frame + 24 + pageSize]
            }
            frame += 24 + pageSize
        }
        var main = try [UInt8](Data(contentsOf: URL(fileURLWithPath: crashed.path("store.sqlite"))))
        main.replaceSubrange(0..<pageSize, with: try #require(newestPageOne))
        try Data(main).write(to: URL(fileURLWithPath: crashed.path("store.sqlite")))

        #expect(try Self.everything(MarketStore(path: crashed.path("store.sqlite"), readers: 1)) == products)
    }
}
