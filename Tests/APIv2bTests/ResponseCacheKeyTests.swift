import Foundation
import OpenMarketHTTPCore
@testable import OpenMarketAPI
import OpenMarketStore
import Testing

/// A request target reaches the cache as the client sent it: over a socket, a query may hold raw UTF-8.
@Suite("response cache: keys")
struct ResponseCacheKeyTests {
    /// "é" as one scalar and as "e" with a combining accent are equal Swift strings but different bytes, and a
    /// search matches bytes: the cache compared its keys as Swift strings, so the second query got the first one's
    /// answer.
    @Test("two queries that differ only in how a character is composed are two entries")
    func queriesDifferingInCompositionAreTwoEntries() throws {
        let store = try MarketStore(path: ":memory:")
        let vendor = try #require(try store.upsertVendors([VendorConfiguration(name: "v", identifier: "i", secret: "s")], now: 0).first)
        _ = try store.createProduct(
            NewProduct(
                vendorID: vendor.id,
                fields: ProductFields(
                    name: "e\u{301}cole", description: "a school", price: 1, currency: "KRW", discountedPrice: nil, stock: 1),
                registeredAt: 0, password: nil, productSecret: nil),
            images: [])
        let router = Generation.v2b.makeRouter(
            context: APIContext(store: store, clock: MarketClock(fixedAt: 0), strict: false, publicURL: nil))
        func totalCount(searching text: String) throws -> Int? {
            let response = router.respond(to: Request(method: .get, path: "/api/products", query: "search_value=\(text)"))
            let body = response.sharedBody.map { Array(UnsafeRawBufferPointer(start: $0.start, count: $0.count)) } ?? response.body
            return try (JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])?["totalCount"] as? Int
        }
        #expect(try totalCount(searching: "e\u{301}") == 1)
        #expect(try totalCount(searching: "\u{E9}") == 0)
        #expect(try totalCount(searching: "e\u{301}") == 1)
    }
}
