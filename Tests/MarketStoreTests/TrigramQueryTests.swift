@testable import OpenMarketStore
import Testing

/// The FTS5 query a search looks its text up with. FTS5's time grows with the square of a query's phrases, so a long
/// search text (a 14 KB `search_value`, found by the shim fuzz harness) must not give one phrase per three characters.
@Suite("The trigram query of a search")
struct TrigramQueryTests {
    @Test("a short text gives its trigrams that do not overlap, and the last")
    func shortText() {
        #expect(ProductFilter.trigramQuery("abcdefgh") == #""abc" AND "def" AND "fgh""#)
        #expect(ProductFilter.trigramQuery(#"a"b"#) == #""a""b""#)
    }

    @Test("a long text gives a bounded query, spread from its first trigram to its last", arguments: [100, 14_000, 100_000])
    func longText(length: Int) {
        let text = String((0..<length).map { Character(Unicode.Scalar(UInt8(97 + $0 % 26))) })
        let phrases = ProductFilter.trigramQuery(text).split(separator: " AND ").map(String.init)
        #expect(phrases.count == ProductFilter.mostTrigrams)
        #expect(phrases.first == #""abc""#)
        #expect(phrases.last == "\"\(text.suffix(3))\"")
    }

    @Test("a long search finds the name that holds it, and not one that differs between the trigrams it looks up")
    func longSearchIsExact() throws {
        let store = try MarketStore(path: ":memory:")
        let text = String(repeating: "0123456789", count: 300)
        var differing = Array(text)
        // Between the 12th and 13th of the 24 trigrams looked up (starts 1431 and 1563).
        differing[1_501] = "x"
        let holder = try store.createProduct(Fixture.product("holds " + text), images: []).id
        _ = try store.createProduct(Fixture.product("differs " + String(differing)), images: [])
        let page = try store.page(offset: 0, limit: 10, search: text, order: .newestFirst)
        #expect(page.totalCount == 1)
        #expect(page.products.map(\.id) == [holder])
    }
}
