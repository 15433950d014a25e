@testable import OpenMarketStore
import Testing

/// ExactText is the key of the search counts and the response cache: equal exactly when the UTF-8 bytes are, with a
/// hash that agrees, whatever the string's storage (small, native, or built from a substring).
@Suite struct ExactTextTests {
    private static func hash(_ text: ExactText) -> Int {
        var hasher = Hasher()
        text.hash(into: &hasher)
        return hasher.finalize()
    }

    @Test("equal bytes are equal and hash alike, whatever the storage")
    func equalBytes() {
        let long = String(repeating: "상품 page_no=1&items_per_page=20 ", count: 4)
        let pairs: [(String, String)] = [
            ("", String("x".dropFirst())),
            ("abc", String("xabc".dropFirst())),
            (long, String(("!" + long).dropFirst())),
            (long, long + ""),
        ]
        for (left, right) in pairs {
            #expect(ExactText(left) == ExactText(right))
            #expect(Self.hash(ExactText(left)) == Self.hash(ExactText(right)))
        }
    }

    @Test("canonically equivalent strings with other bytes differ, as do prefixes")
    func otherBytes() {
        #expect("\u{E9}" == "e\u{301}")  // Swift's own ==
        #expect(ExactText("\u{E9}") != ExactText("e\u{301}"))
        #expect(ExactText("search_value=caf\u{E9}") != ExactText("search_value=cafe\u{301}"))
        #expect(ExactText("ab") != ExactText("abc"))
        #expect(ExactText("abd") != ExactText("abc"))
        #expect(Set([ExactText("\u{E9}"), ExactText("e\u{301}"), ExactText("\u{E9}")]).count == 2)
    }
}
