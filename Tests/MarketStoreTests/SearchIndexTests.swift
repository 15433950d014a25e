import OpenMarketHTTPTestSupport
import OpenMarketLocking
import OpenMarketSQLite
@testable import OpenMarketStore
import Testing

/// The in-memory search index (`SearchIndex`) against the SQL count it stands in for (`ProductFilter.countSQL`), on
/// random names and vendors, before and after every kind of write.
@Suite("Search index")
struct SearchIndexTests {
    /// Pieces of names: mixed-case ASCII, Korean, LIKE's and SQL's special characters, NUL, emoji, combining marks.
    private static let pieces = [
        "Key", "board", "MUG", "mug", "Chair", "lamp", "a", "B", "ab", "%", "_", "'", "\"", "\0", "🍎", "e\u{301}",
        "\u{301}", "키보드", "머그", "가", "ß", "İ", " ", "x%_y", "ÉCLAIR", "\u{212A}", "z",
    ]
    private static let vendorNames = ["Mug Makers", "키보드 샵", "Lamp%Co", "ab_", "\u{212A}elvin", "🍎 Store"]
    private static let extraTerms = [
        "zzz none", "\0\0", "a\0", "\0a", "KEYBOARD", "keyboard", "키", "보드", "\u{212A}ELVIN", "kelvin", "Ab_", "%c",
        "mug mug", "B ", "🍎 s", "st", "ÉCL", "écl", "\"'", "SS",
    ]

    /// Deterministic, so that a failure names terms that fail again.
    private struct Xorshift: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
    }

    private static func randomName(using generator: inout Xorshift) -> String {
        (0..<Int.random(in: 1...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    /// `productCount` products with random names, a sixth without a vendor, the rest spread over the vendors.
    private static func makeStore(
        productCount: Int, minimum: Int = 1, extensionProducts: Int = SearchIndexKeeper.defaultExtensionProducts,
        path: String = ":memory:"
    ) throws -> (MarketStore, [Vendor]) {
        let store = try MarketStore(path: path, readers: 2, searchIndexMinimum: minimum, searchIndexExtension: extensionProducts)
        let vendors = try store.upsertVendors(
            vendorNames.enumerated().map { VendorConfiguration(name: $1, identifier: "id-\($0)", secret: "s") }, now: 0)
        var generator = Xorshift(state: 0x9E37_79B9_7F4A_7C15)
        for index in 0..<productCount {
            let vendorID = index % 6 == 5 ? nil : vendors.randomElement(using: &generator)!.id
            _ = try store.createProduct(Fixture.product(randomName(using: &generator), vendorID: vendorID), images: [])
        }
        return (store, vendors)
    }

    /// The pieces in three cases, substrings of 1 to 3 scalars of some names, and the extra terms.
    private static func terms(of store: MarketStore) throws -> [String] {
        let names = try store.page(offset: 0, limit: 60, search: nil, order: .oldestFirst).products.map(\.name)
        var terms = Set(extraTerms + vendorNames)
        for piece in pieces { terms.formUnion([piece, piece.uppercased(), piece.lowercased()]) }
        terms.formUnion(names.flatMap { scalarRuns(of: $0, lengths: 1...3) })
        return terms.sorted()
    }

    /// `contains_text` over every product, not through the trigram index.
    private static func sqlCount(_ text: String, in store: MarketStore) throws -> Int {
        try sqlCount(.scanned(text), in: store)
    }

    private static func sqlCount(_ filter: ProductFilter, in store: MarketStore) throws -> Int {
        try store.connections.read { connection in
            try connection.withStatement(filter.countSQL) {
                try filter.bind(to: $0)
                return try $0.step() ? $0.column(0) : 0
            }
        }
    }

    /// Builds the index for the store as it is now, waiting for the build with a deadline.
    @discardableResult
    private static func builtIndex(of store: MarketStore) throws -> SearchIndex {
        store.prepareSearchIndex()
        #expect(store.waitForSearchIndex(timeout: .seconds(60)))
        let rewrites = try #require(store.connections.settledRewriteCount)
        return try #require(store.searchIndex.index(for: rewrites))
    }

    /// The index for the store's current rewrite count, if there is one.
    private static func currentIndex(of store: MarketStore) -> SearchIndex? {
        store.connections.settledRewriteCount.flatMap { store.searchIndex.index(for: $0) }
    }

    /// The index's own count, the count through the trigram index (which reads a name only up to a NUL, so names
    /// with one are added to its candidates) and a search's `total_count` all equal the SQL count, for every term.
    private static func checkCounts(of store: MarketStore, _ step: String) throws {
        let index = try builtIndex(of: store)
        let terms = try terms(of: store)
        #expect(terms.count > 200)
        for term in terms {
            let expected = try sqlCount(term, in: store)
            #expect(index.count(of: term) == expected, "\(step): index count of \(term.debugDescription)")
            #expect(try sqlCount(ProductFilter(search: term), in: store) == expected, "\(step): trigram count of \(term.debugDescription)")
            let page = try store.page(offset: 0, limit: 3, search: term, order: .newestFirst)
            #expect(page.totalCount == expected, "\(step): total_count of \(term.debugDescription)")
        }
    }

    @Test func theIndexCountsWhatTheSQLCountsAfterEveryKindOfWrite() throws {
        let (store, vendors) = try Self.makeStore(productCount: 1_500)
        try Self.checkCounts(of: store, "as made")
        let before = try Self.builtIndex(of: store)
        var generator = Xorshift(state: 42)
        for _ in 0..<40 {
            _ = try store.createProduct(
                Fixture.product(Self.randomName(using: &generator), vendorID: vendors[0].id), images: [])
        }
        // Creates leave the index as it was: the products above its largest id are counted in SQL.
        let rewrites = try #require(store.connections.settledRewriteCount)
        #expect(store.searchIndex.index(for: rewrites)?.largestID == before.largestID)
        for term in try Self.terms(of: store) {
            let expected = try Self.sqlCount(term, in: store)
            #expect(try store.page(offset: 0, limit: 3, search: term, order: .oldestFirst).totalCount == expected, "after creates: \(term.debugDescription)")
        }
        _ = try store.patchProduct(id: 3, ProductPatch(name: "renamed KEYBOARD 키보드"))
        #expect(Self.currentIndex(of: store) == nil)
        try Self.checkCounts(of: store, "after a rename")
        for id in stride(from: Int64(5), to: 300, by: 7) { _ = try store.deleteProduct(id: id) }
        try Self.checkCounts(of: store, "after deletes")
        _ = try store.upsertVendors([VendorConfiguration(name: "Mug and Chair", identifier: "id-1", secret: "s")], now: 0)
        try Self.checkCounts(of: store, "after a vendor rename")
    }

    /// In a file the index is read on reader connections, beside the writer.
    @Test func aStoreInAFileIsIndexedToo() throws {
        let directory = try TemporaryDirectory()
        let (store, _) = try Self.makeStore(productCount: 400, path: directory.path("store.sqlite"))
        try Self.checkCounts(of: store, "in a file")
        store.close()
    }

    /// A search that finds the index stale counts in SQL and starts the build for the next one.
    @Test func aRewriteMakesTheIndexStaleAndASearchRebuildsIt() throws {
        let (store, _) = try Self.makeStore(productCount: 200)
        let first = try Self.builtIndex(of: store)
        let builds = Locked<[SearchIndexBuild]>([])
        store.observeSearchIndexBuilds { build in builds.withLock { $0.append(build) } }
        #expect(builds.withLock(\.count) == 1, "the build before the observer came, told at once")
        _ = try store.patchProduct(id: 1, ProductPatch(name: "lamp lamp"))
        let rewrites = try #require(store.connections.settledRewriteCount)
        #expect(store.searchIndex.index(for: rewrites) == nil)
        #expect(try store.page(offset: 0, limit: 1, search: "lamp", order: .newestFirst).totalCount == Self.sqlCount("lamp", in: store))
        #expect(store.waitForSearchIndex(timeout: .seconds(60)))
        let rebuilt = try #require(store.searchIndex.index(for: rewrites))
        #expect(rebuilt.rewrites != first.rewrites)
        #expect(try rebuilt.count(of: "lamp") == Self.sqlCount("lamp", in: store))
        #expect(builds.withLock { $0.map(\.productCount) } == [200, 200])
        #expect(builds.withLock { $0.allSatisfy { $0.byteCount > 200 * (1 + SearchIndex.slotWidth) } })
    }

    /// Creates leave the index in use; once `extensionProducts` were created since it was built, a search starts
    /// adding them to a copy, which then counts every product and reads only those.
    @Test func productsCreatedSinceTheBuildAreAddedOnceTheyAreMany() throws {
        let (store, vendors) = try Self.makeStore(productCount: 300, extensionProducts: 40)
        let first = try Self.builtIndex(of: store)
        let builds = Locked<[SearchIndexBuild]>([])
        store.observeSearchIndexBuilds { build in builds.withLock { $0.append(build) } }
        var generator = Xorshift(state: 7)
        func create(_ count: Int) throws {
            for _ in 0..<count {
                _ = try store.createProduct(
                    Fixture.product(Self.randomName(using: &generator), vendorID: vendors[1].id), images: [])
            }
        }
        try create(39)
        _ = try store.page(offset: 0, limit: 1, search: "mug", order: .newestFirst)
        #expect(store.waitForSearchIndex(timeout: .seconds(60)))
        #expect(Self.currentIndex(of: store)?.largestID == first.largestID, "39 created: the index as it was")
        try create(1)
        _ = try store.page(offset: 0, limit: 1, search: "키보드", order: .newestFirst)
        #expect(store.waitForSearchIndex(timeout: .seconds(60)))
        let extended = try #require(Self.currentIndex(of: store))
        #expect(extended.largestID == first.largestID + 40)
        #expect(extended.productCount == 340)
        #expect(extended.rewrites == first.rewrites)
        #expect(builds.withLock { $0.map(\.namesRead) } == [300, 40])
        #expect(builds.withLock { $0.map(\.productCount) } == [300, 340])
        try Self.checkCounts(of: store, "extended")
        #expect(Self.currentIndex(of: store)?.largestID == first.largestID + 40, "the checks built nothing more")
    }

    /// A created name that holds the separator byte stops the extension; the index as it was goes on counting the
    /// products up to its largest id, and the SQL the rest. A create through the store takes a Swift string, which
    /// cannot hold that byte: only another writer of the file can add such a name without a rewrite.
    @Test func aCreatedNameWithTheSeparatorByteKeepsTheIndexAsItWas() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("market.sqlite")
        let (store, vendors) = try Self.makeStore(productCount: 300, extensionProducts: 40, path: path)
        let first = try Self.builtIndex(of: store)
        do {
            let connection = try Connection(path: path, flags: [.readWrite, .noMutex])
            try connection.setBusyTimeout(milliseconds: 10_000)
            try connection.execute("""
                INSERT INTO products (vendor_id, name, description, price, currency, stock, registered_at)
                VALUES (\(vendors[0].id), CAST(x'4D7567FF4D7567' AS TEXT), '', 1, 'KRW', 1, 0)
                """)
        }
        for index in 0..<40 {
            _ = try store.createProduct(Fixture.product("mug \(index)", vendorID: vendors[1].id), images: [])
        }
        for _ in 0..<3 {
            _ = try store.page(offset: 0, limit: 1, search: "mug", order: .newestFirst)
            #expect(store.waitForSearchIndex(timeout: .seconds(60)))
            #expect(Self.currentIndex(of: store)?.largestID == first.largestID)
        }
        for term in ["mug", "Mug", "g", "키보드", "\0"] {
            #expect(try store.page(offset: 0, limit: 1, search: term, order: .newestFirst).totalCount == Self.sqlCount(term, in: store))
        }
    }

    @Test func aStoreBelowTheMinimumBuildsNone() throws {
        let (store, vendors) = try Self.makeStore(productCount: 49, minimum: 50)
        store.prepareSearchIndex()
        _ = try store.page(offset: 0, limit: 1, search: "mug", order: .newestFirst)
        #expect(store.waitForSearchIndex(timeout: .seconds(60)))
        #expect(Self.currentIndex(of: store) == nil)
        _ = try store.createProduct(Fixture.product("the fiftieth mug", vendorID: vendors[0].id), images: [])
        #expect(try Self.builtIndex(of: store).count(of: "mug") == Self.sqlCount("mug", in: store))
    }

    /// A name that holds 0xFF (not UTF-8, written by another program) would break the separator: no index, and
    /// searches keep counting in SQL.
    @Test func aNameWithTheSeparatorByteLeavesTheStoreWithoutAnIndex() throws {
        let (store, _) = try Self.makeStore(productCount: 100)
        try store.connections.write { try $0.execute("UPDATE products SET name = CAST(x'4D7567FF4D7567' AS TEXT) WHERE id = 7") }
        store.prepareSearchIndex()
        #expect(store.waitForSearchIndex(timeout: .seconds(60)))
        #expect(Self.currentIndex(of: store) == nil)
        for term in ["mug", "Mug", "g", "키보드"] {
            #expect(try store.page(offset: 0, limit: 1, search: term, order: .newestFirst).totalCount == Self.sqlCount(term, in: store))
        }
    }

    /// The stores copied from a snapshot, and the store it was taken from, count with the snapshot's one index, made
    /// from the snapshot itself, until a rewrite; the products created since are counted apart, as for a kept count.
    @Test func copiesOfASnapshotShareItsIndex() throws {
        let (template, vendors) = try Self.makeStore(productCount: 300, minimum: 10_000)
        let snapshot = try template.snapshot()
        snapshot.prepareSearchIndex(minimumProducts: 1)
        template.inheritSearchIndex(of: snapshot)
        let copies = try (0..<2).map { _ in try MarketStore(copying: snapshot) }
        for copy in copies { copy.inheritSearchIndex(of: snapshot) }
        #expect(template.waitForSearchIndex(timeout: .seconds(60)))
        let indexes = try ([template] + copies).map { try #require(Self.currentIndex(of: $0)) }
        #expect(indexes.allSatisfy { $0.largestID == 300 && $0.count(of: "mug") == indexes[0].count(of: "mug") })
        _ = try template.createProduct(Fixture.product("lamp made after the snapshot", vendorID: vendors[0].id), images: [])
        _ = try copies[0].createProduct(Fixture.product("a LAMP of the copy", vendorID: vendors[1].id), images: [])
        for store in [template] + copies {
            for term in ["mug", "a", "키보드", "\0", "Lamp%", "lamp", "Kelvin", "copy"] {
                let expected = try Self.sqlCount(term, in: store)
                #expect(try store.page(offset: 0, limit: 1, search: term, order: .newestFirst).totalCount == expected, "\(term)")
            }
        }
        _ = try copies[1].patchProduct(id: 2, ProductPatch(name: "no longer"))
        #expect(Self.currentIndex(of: copies[1]) == nil)
        #expect(Self.currentIndex(of: copies[0]) != nil)
    }

    /// A snapshot of fewer than the minimum builds none; its copies build their own when they hold enough.
    @Test func aSmallSnapshotBuildsNone() throws {
        let (template, _) = try Self.makeStore(productCount: 30)
        let snapshot = try template.snapshot()
        snapshot.prepareSearchIndex(minimumProducts: 31)
        let copy = try MarketStore(copying: snapshot)
        copy.inheritSearchIndex(of: snapshot)
        #expect(copy.waitForSearchIndex(timeout: .seconds(60)))
        #expect(Self.currentIndex(of: copy) == nil)
    }

    /// A build in the background holds the store weakly: a store nothing holds is freed at once.
    @Test func aBuildDoesNotKeepItsStoreAlive() throws {
        var (store, _): (MarketStore?, [Vendor]) = try Self.makeStore(productCount: 2_000)
        weak let released = store
        store?.prepareSearchIndex()
        store = nil
        #expect(released == nil)
    }
}
