import OpenMarketHTTPTestSupport
import OpenMarketStore
import Testing

@Suite("Product pages")
struct PageTests {
    /// Five products with 1, 2, 3, 1, 2 images.
    private func makeStore(_ location: Location) throws -> (MarketStore, TemporaryDirectory?, [Product]) {
        let (store, directory) = try location.makeStore()
        let products = try (1...5).map { number in
            try store.createProduct(
                Fixture.product("product \(number)"),
                images: (0...(number - 1) % 3).map { Fixture.image("p\(number)i\($0)") }
            )
        }
        return (store, directory, products)
    }

    @Test(arguments: Location.allCases)
    func newestFirstPagesRunByDescendingId(location: Location) throws {
        let (store, directory, products) = try makeStore(location)
        defer { withExtendedLifetime(directory) {} }
        let first = try store.page(offset: 0, limit: 2, search: nil, order: .newestFirst)
        let second = try store.page(offset: 2, limit: 2, search: nil, order: .newestFirst)
        let last = try store.page(offset: 4, limit: 2, search: nil, order: .newestFirst)
        #expect(first.products == [products[4], products[3]])
        #expect(second.products == [products[2], products[1]])
        #expect(last.products == [products[0]])
        #expect([first, second, last].map(\.totalCount) == [5, 5, 5])
    }

    @Test(arguments: Location.allCases)
    func oldestFirstPagesCarryEveryImage(location: Location) throws {
        let (store, directory, products) = try makeStore(location)
        defer { withExtendedLifetime(directory) {} }
        let page = try store.page(offset: 1, limit: 3, search: nil, order: .oldestFirst)
        #expect(page.products == Array(products[1...3]))
        #expect(page.products.map(\.images.count) == [2, 3, 1])
        #expect(page.products.allSatisfy { $0.thumbnail == $0.images.first })
    }

    @Test func aPagePastTheEndIsEmptyButCountsTheList() throws {
        let (store, _, _) = try makeStore(.memory)
        let page = try store.page(offset: 20, limit: 20, search: nil, order: .oldestFirst)
        #expect(page.products.isEmpty)
        #expect(page.totalCount == 5)
        #expect(try store.page(offset: 0, limit: 0, search: nil, order: .newestFirst).products.isEmpty)
    }

    @Test func anEmptyStoreHasAnEmptyFirstPage() throws {
        let store = try MarketStore(path: ":memory:")
        #expect(try store.page(offset: 0, limit: 20, search: nil, order: .newestFirst) == ProductPage(products: [], totalCount: 0))
    }

    @Test func aNegativeOffsetOrLimitIsRefused() throws {
        let store = try MarketStore(path: ":memory:")
        #expect(throws: StoreError.invalidPage(offset: -1, limit: 20)) {
            try store.page(offset: -1, limit: 20, search: nil, order: .newestFirst)
        }
        #expect(throws: StoreError.invalidPage(offset: 0, limit: -20)) {
            try store.page(offset: 0, limit: -20, search: nil, order: .newestFirst)
        }
    }
}

@Suite("Searching products")
struct SearchTests {
    private let names = [
        "100% cotton", "100 percent wool", "snake_case mug", "snakeXcase mug", "it's \"quoted\"",
        "'; DROP TABLE products; --", "MacBook Pro", "macbook air", "Émile ÉCLAIR",
    ]

    private func makeStore() throws -> MarketStore {
        let store = try MarketStore(path: ":memory:")
        let vendor = try #require(try store.upsertVendors(Fixture.vendors, now: 0).last)
        for (index, name) in names.enumerated() {
            _ = try store.createProduct(Fixture.product(name, vendorID: index == 0 ? vendor.id : nil), images: [Fixture.image("s\(index)")])
        }
        return store
    }

    private func search(_ store: MarketStore, _ text: String?) throws -> [String] {
        let page = try store.page(offset: 0, limit: 100, search: text, order: .oldestFirst)
        #expect(page.totalCount == page.products.count)
        return page.products.map(\.name)
    }

    @Test func percentAndUnderscoreAreTakenLiterally() throws {
        let store = try makeStore()
        #expect(try search(store, "%") == ["100% cotton"])
        #expect(try search(store, "_") == ["snake_case mug"])
        #expect(try search(store, "e_c") == ["snake_case mug"])
    }

    @Test func quotesAndSQLAreTakenLiterally() throws {
        let store = try makeStore()
        #expect(try search(store, "'") == ["it's \"quoted\"", "'; DROP TABLE products; --"])
        #expect(try search(store, "\"quoted\"") == ["it's \"quoted\""])
        #expect(try search(store, "' OR 1=1 --") == [])
        #expect(try search(store, "; DROP TABLE products;") == ["'; DROP TABLE products; --"])
        #expect(try search(store, nil).count == names.count)
    }

    @Test func asciiCaseIsIgnoredButOtherLettersAreNotFolded() throws {
        let store = try makeStore()
        #expect(try search(store, "MACBOOK") == ["MacBook Pro", "macbook air"])
        #expect(try search(store, "éclair") == [])
        #expect(try search(store, "ÉCLAIR") == ["Émile ÉCLAIR"])
    }

    @Test func theVendorsCurrentNameMatchesToo() throws {
        let store = try makeStore()
        #expect(try search(store, "KYO") == ["100% cotton"])
        _ = try store.upsertVendors([VendorConfiguration(name: "renamed", identifier: "id-kyo12", secret: "s")], now: 0)
        #expect(try search(store, "kyo") == [])
        #expect(try search(store, "RENAMED") == ["100% cotton"])
    }

    @Test func emptySearchMeansNoFilter() throws {
        let store = try makeStore()
        #expect(try search(store, "") == names)
    }

    @Test func theFilteredListIsPagedAndCounted() throws {
        let store = try makeStore()
        let page = try store.page(offset: 1, limit: 1, search: "mug", order: .newestFirst)
        #expect(page.products.map(\.name) == ["snake_case mug"])
        #expect(page.totalCount == 2)
    }
}
