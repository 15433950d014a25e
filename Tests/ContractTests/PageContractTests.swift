import OpenMarketAPITestSupport
import OpenMarketClient
import OpenMarketStore
import Testing

extension MarketContractTests {
    @Test("walking pages until hasNext is false visits every product once, newest first")
    func walkingPagesVisitsEveryProductOnce() async throws {
        let ids = try await market.owner.createProducts(7)
        var seen: [Int] = []
        var visited: [Int] = []
        for number in 1...10 {
            let page = try #require(try await market.reader.productPage(number: number, itemsPerPage: 3))
            visited.append(page.pageNumber)
            seen += page.products.map(\.id)
            if !page.hasNext { break }
        }
        #expect(visited == [1, 2, 3])
        #expect(seen == ids.reversed())
    }

    @Test("the page after the last one is nil")
    func pageAfterTheLastIsNil() async throws {
        _ = try await market.owner.createProducts(7)
        #expect(try await market.reader.productPage(number: 3, itemsPerPage: 3) != nil)
        #expect(try await market.reader.productPage(number: 4, itemsPerPage: 3) == nil)
    }

    @Test("an empty market answers page 1 with no products")
    func emptyMarketHasAnEmptyFirstPage() async throws {
        let page = try #require(try await market.reader.productPage())
        #expect(page.products.isEmpty)
        #expect(page.totalCount == 0)
        #expect(!page.hasNext)
    }

    @Test("offset, limit, lastPage, hasNext and hasPrev follow the real server's formulas")
    func pageFieldsFollowTheFormulas() async throws {
        _ = try await market.owner.createProducts(7)
        let pages = try await [1, 2, 3].asyncMap { try await market.reader.productPage(number: $0, itemsPerPage: 3) }
        let fields = pages.map { page in
            page.map { [$0.pageNumber, $0.itemsPerPage, $0.totalCount, $0.offset, $0.limit, $0.lastPage, $0.products.count] }
        }
        #expect(fields == [[1, 3, 7, 0, 3, 3, 3], [2, 3, 7, 3, 6, 3, 3], [3, 3, 7, 6, 9, 3, 1]])
        #expect(pages.map { $0?.hasNext } == [true, true, false])
        #expect(pages.map { $0?.hasPrevious } == [false, true, true])
    }

    @Test("a list item carries the vendor's name and the same product fields as the detail")
    func listItemAgreesWithTheDetail() async throws {
        let created = try await market.owner.createProduct(.sample(price: 66_666_666, discountedPrice: 0.5, stock: 7))
        let item = try #require(try await market.reader.productPage()?.products.first)
        #expect(item.vendorName == LiveServer.vendorA.name)
        #expect(item.product == created.product)
    }

    @Test("search matches the name or the vendor's name, ignoring ASCII case, and counts only the matches")
    func searchMatchesNameOrVendorName() async throws {
        let pizza = try await market.owner.createProduct(.sample(name: "Pizza Margherita")).id
        _ = try await market.owner.createProduct(.sample(name: "cola"))
        let burger = try await market.otherVendor.createProduct(.sample(name: "burger")).id
        let byName = try #require(try await market.reader.productPage(searchValue: "pIZZA"))
        #expect(byName.products.map(\.id) == [pizza])
        #expect(byName.totalCount == 1)
        let byVendor = try #require(try await market.reader.productPage(searchValue: LiveServer.vendorB.name.uppercased()))
        #expect(byVendor.products.map(\.id) == [burger])
        #expect(try await market.reader.productPage(searchValue: "")?.totalCount == 3)
    }

    @Test("search text is literal: + & = % and _ match only themselves")
    func searchTextIsLiteral() async throws {
        let literal = try await market.owner.createProduct(.sample(name: "c++ & 책=1 100% a_b")).id
        _ = try await market.owner.createProduct(.sample(name: "c 책 1 100 axb"))
        for text in ["C++ & 책=1", "100%", "a_b"] {
            #expect(try await market.reader.productPage(searchValue: text)?.products.map(\.id) == [literal], "\(text)")
        }
    }
}

extension Array {
    /// Maps in order, one call at a time, so requests reach the server in a known order.
    func asyncMap<Mapped>(_ transform: (Element) async throws -> Mapped) async rethrows -> [Mapped] {
        var results: [Mapped] = []
        for element in self {
            results.append(try await transform(element))
        }
        return results
    }
}
