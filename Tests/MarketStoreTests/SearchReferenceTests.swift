import OpenMarketHTTPTestSupport
import OpenMarketSQLite
@testable import OpenMarketStore
import Testing

/// The indexed search against a plain reference written here: a product matches when the UTF-8 bytes of its name or
/// its vendor's current name, with ASCII letters lowered, contain the search text lowered the same way.
@Suite("Search answers against a reference")
struct SearchReferenceTests {
    private static let names = [
        "100% cotton", "100 percent wool", "snake_case mug", "snakeXcase mug", "it's \"quoted\"",
        "'; DROP TABLE products; --", "MacBook Pro", "macbook air", "Émile ÉCLAIR", "émile éclair",
        "맥북 프로 14인치", "맥북", "애플 맥북 에어", "ΑΒΓ alpha", "αβγ lower", "Kelvin \u{212A}elvin", "ｆｕｌｌ width",
        "ＦＵＬＬ WIDTH", "emoji 🍎 apple", "a", "ab", "abc", "  spaced  out  ", "tab\there", "line\nbreak", "\"\"\"",
        "%%%", "___", "a_b%c", "CamelCase", "camelcase", "UPPER lower MiXeD", "Straße", "STRASSE", "İstanbul",
        "istanbul", "e\u{301}cole", "école", "NEAR(a b)", "title:colon", "star* -minus ^caret",
        // SQLite's trigram tokenizer ends a text at its first NUL; a search still finds what follows one.
        "nul\0keyboard inside", "\0leading nul", "trailing nul\0", "two\0\0nuls mug",
    ]
    private static let extraTerms = [
        "%", "_", "'", "\"", "\"\"", "*", "AND", "OR", "NOT", "NEAR", "(", ")", "-", ":", "^", "{", "zhil", "ZHILLY",
        "kyo", "KYO12", "renamed", "RENAMED VENDOR", "retired", "e\u{301}", "\u{301}", "é", "É", "ǅ", "k", "K", "\u{212A}",
        " ", "  ", "   ", "x", "no such thing at all", "맥", "맥북 ", "북 프", "ß", "SS", "ı", "İ", "🍎", "🍎 a",
        "ab\0c", "\0\0\0", "abc\0", "\0abc",
    ]

    /// Products spread over two vendors and none; one vendor renamed, one retired; some products deleted or
    /// renamed after they were indexed.
    private static func makeStore() throws -> MarketStore {
        let store = try MarketStore(path: ":memory:")
        let vendors = try store.upsertVendors(
            Fixture.vendors + [VendorConfiguration(name: "Retired Ünïcode", identifier: "id-retired", secret: "s")], now: 0)
        var ids: [Int64] = []
        for (index, name) in names.enumerated() {
            let vendorID = index % 4 == 3 ? nil : vendors[index % 4].id
            ids.append(try store.createProduct(Fixture.product(name, vendorID: vendorID), images: []).id)
        }
        _ = try store.upsertVendors(
            [VendorConfiguration(name: "Renamed Vendor", identifier: "id-kyo12", secret: "s"), Fixture.vendors[0]], now: 0)
        for id in ids where id % 7 == 0 { _ = try store.deleteProduct(id: id) }
        for id in ids where id % 5 == 0 { _ = try store.patchProduct(id: id, ProductPatch(name: "renamed \(id) ZHILLY-like")) }
        return store
    }

    private static func asciiLowered(_ text: String) -> [UInt8] {
        text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private static func reference(_ all: [Product], _ term: String) -> [Int64] {
        let needle = asciiLowered(term)
        return all.filter { product in
            contains(asciiLowered(product.name), needle) || product.vendorName.map { contains(asciiLowered($0), needle) } == true
        }.map(\.id)
    }

    /// Every substring of 1 to 4 characters of every name, every whole name and its last 5 to 9 characters, each in
    /// its own, upper and lower case, and the extra terms.
    private static var terms: Set<String> {
        var terms = Set(extraTerms)
        for name in names {
            for tail in [name] + (5...9).map({ String(name.unicodeScalars.suffix($0)) }) {
                terms.formUnion([tail, tail.uppercased(), tail.lowercased()])
            }
        }
        for term in names.flatMap({ scalarRuns(of: $0, lengths: 1...4) }) {
            terms.formUnion([term, term.uppercased(), term.lowercased()])
        }
        return terms
    }

    @Test func everySearchFindsWhatTheReferenceFindsInTheSameOrder() throws {
        let store = try Self.makeStore()
        let all = try store.page(offset: 0, limit: 1000, search: nil, order: .oldestFirst).products
        #expect(all.count == Self.names.count - Self.names.indices.filter { ($0 + 1) % 7 == 0 }.count)
        for term in Self.terms.sorted() {
            let expected = Self.reference(all, term)
            let oldestFirst = try store.page(offset: 0, limit: 1000, search: term, order: .oldestFirst)
            let newestFirst = try store.page(offset: 0, limit: 1000, search: term, order: .newestFirst)
            #expect(oldestFirst.products.map(\.id) == expected, "search \(term.debugDescription)")
            #expect(newestFirst.products.map(\.id) == expected.reversed(), "search \(term.debugDescription)")
            #expect(oldestFirst.totalCount == expected.count, "count of \(term.debugDescription)")
        }
    }

    @Test func aSearchIsPagedLikeTheReference() throws {
        let store = try Self.makeStore()
        let all = try store.page(offset: 0, limit: 1000, search: nil, order: .oldestFirst).products
        for term in ["a", "e", "le", "ame", "mug", "ZHILLY", "renamed"] {
            let expected = Array(Self.reference(all, term).reversed())
            for offset in stride(from: 0, through: expected.count, by: 2) {
                let page = try store.page(offset: offset, limit: 2, search: term, order: .newestFirst)
                #expect(page.products.map(\.id) == Array(expected.dropFirst(offset).prefix(2)), "search \(term) at \(offset)")
                #expect(page.totalCount == expected.count)
            }
        }
    }

    @Test func theUnfilteredCountFollowsCreatesAndDeletes() throws {
        let store = try Self.makeStore()
        let all = try store.page(offset: 0, limit: 1000, search: nil, order: .newestFirst)
        #expect(all.totalCount == all.products.count)
        _ = try store.deleteProduct(id: all.products[0].id)
        _ = try store.createProduct(Fixture.product("one more"), images: [])
        _ = try store.createProduct(Fixture.product("and another"), images: [])
        #expect(try store.page(offset: 0, limit: 0, search: nil, order: .newestFirst).totalCount == all.totalCount + 1)
    }

    /// Counts kept between searches (`SearchCounts`) and the walk in id order for searches that match many: after
    /// every kind of write, each search answers what the reference finds, page by page, count included.
    @Test func keptCountsAndWalkedPagesFollowEveryWrite() throws {
        let store = try Self.makeStore()
        var filler: [Int64] = []
        for index in 0..<300 {  // enough matches of "mug" for the walking plan to be chosen
            filler.append(try store.createProduct(Fixture.product("filler mug \(index)"), images: []).id)
        }
        let terms = ["mug", "MUG", "a", "zhilly", "renamed", "Renamed Vendor", "맥북", "no such thing", "e\u{301}"]
        func check(_ step: String) throws {
            let all = try store.page(offset: 0, limit: 10_000, search: nil, order: .oldestFirst).products
            for term in terms {
                let expected = Array(Self.reference(all, term).reversed())
                for offset in [0, 3, 20, max(expected.count - 2, 0)] {
                    let page = try store.page(offset: offset, limit: 5, search: term, order: .newestFirst)
                    #expect(page.products.map(\.id) == Array(expected.dropFirst(offset).prefix(5)), "\(step): \(term) at \(offset)")
                    #expect(page.totalCount == expected.count, "\(step): count of \(term)")
                }
                let oldestFirst = try store.page(offset: 1, limit: 5, search: term, order: .oldestFirst)
                #expect(oldestFirst.products.map(\.id) == Array(expected.reversed().dropFirst(1).prefix(5)), "\(step): \(term)")
            }
        }
        try check("before any write")
        _ = try store.createProduct(Fixture.product("new MUG"), images: [])
        _ = try store.createProduct(Fixture.product("another"), images: [])
        try check("after creates")
        _ = try store.patchProduct(id: filler[10], ProductPatch(name: "no longer a cup"))
        try check("after a rename")
        _ = try store.deleteProduct(id: filler[20])
        _ = try store.createProduct(Fixture.product("mug after a delete"), images: [])
        try check("after a delete and a create")
        _ = try store.upsertVendors([VendorConfiguration(name: "Mug Makers", identifier: "id-kyo12", secret: "s")], now: 0)
        try check("after a vendor rename")
        try store.removeAllProducts()
        _ = try store.createProduct(Fixture.product("mug again"), images: [])
        try check("after a reset")
    }

    /// A search read in the window of a rename (its rewrite announced, not yet committed) sees the store before the
    /// rename: its count must not be kept as the count after it.
    @Test func aCountReadWhileARenameCommitsIsNotKept() throws {
        let (store, directory) = try Location.file.makeStore()
        defer { withExtendedLifetime(directory) {} }
        let renamed = try store.createProduct(Fixture.product("apple one"), images: [])
        _ = try store.createProduct(Fixture.product("apple two"), images: [])
        #expect(try store.page(offset: 0, limit: 10, search: "apple", order: .newestFirst).totalCount == 2)
        try store.connections.write { connection in
            try connection.transaction {
                try connection.execute("UPDATE products SET name = 'pear' WHERE id = \(renamed.id)")
                // A reader's snapshot, from beside the writer: the rename is not committed yet.
                #expect(try store.page(offset: 0, limit: 10, search: "apple", order: .newestFirst).totalCount == 2)
                #expect(try store.page(offset: 0, limit: 10, search: "two", order: .newestFirst).totalCount == 1)
            }
        }
        #expect(try store.page(offset: 0, limit: 10, search: "apple", order: .newestFirst).totalCount == 1)
        #expect(try store.page(offset: 0, limit: 10, search: "two", order: .newestFirst).totalCount == 1)
        _ = try store.createProduct(Fixture.product("apple three"), images: [])
        #expect(try store.page(offset: 0, limit: 10, search: "apple", order: .newestFirst).totalCount == 2)
    }

    /// A database of schema version 2 gets its count and its name index from its existing rows.
    @Test func anExistingDatabaseIsIndexedWhenItIsMigrated() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("version2.sqlite")
        do {
            let old = try Connection(path: path)
            for migration in embeddedMigrations where migration.version <= 2 { try old.execute(migration.sql) }
            try old.execute("""
                INSERT INTO products (name, description, price, currency, stock, registered_at)
                VALUES ('Old Keyboard', '', 1, 'KRW', 1, 0), ('old mouse', '', 1, 'KRW', 1, 0), ('Lamp', '', 1, 'KRW', 1, 0);
                PRAGMA user_version = 2;
                """)
        }
        let store = try MarketStore(path: path)
        #expect(try store.page(offset: 0, limit: 10, search: nil, order: .oldestFirst).totalCount == 3)
        let found = try store.page(offset: 0, limit: 10, search: "OLD", order: .oldestFirst)
        #expect(found.products.map(\.name) == ["Old Keyboard", "old mouse"])
        #expect(found.totalCount == 2)
    }
}
