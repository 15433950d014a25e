import OpenMarketSQLite
import Testing

@Suite("contains_text, the search's match")
struct TextContainsTests {
    private let connection: Connection

    init() throws {
        connection = try Connection(path: ":memory:")
        try connection.addTextContainsFunction()
    }

    private func contains(_ text: String?, _ part: String?) throws -> Int64? {
        try connection.withStatement("SELECT contains_text(?1, ?2)") {
            try $0.bind(text, part)
            try #require(try $0.step())
            return $0.column(0)
        }
    }

    /// What the store matched with before: SQLite's own functions.
    private func instrOfLowered(_ text: String, _ part: String) throws -> Int64 {
        try connection.withStatement("SELECT instr(lower(?1), lower(?2)) > 0") {
            try $0.bind(text, part)
            try #require(try $0.step())
            return $0.column(0)
        }
    }

    @Test func asciiLettersMatchInEitherCase() throws {
        #expect(try contains("Vintage Navy KEYBOARD 12", "keyboard") == 1)
        #expect(try contains("keyboard", "KeyBoard") == 1)
        #expect(try contains("keyboard", "keyboards") == 0)
        #expect(try contains("key board", "keyboard") == 0)
    }

    @Test func everyOtherCharacterMatchesOnlyItself() throws {
        #expect(try contains("빈티지 네이비 키보드", "키보드") == 1)
        #expect(try contains("Émile", "émile") == 0)
        #expect(try contains("50% off_now", "% off_") == 1)
        #expect(try contains("50 percent off", "% off") == 0)
        #expect(try contains("a\u{0}b", "\u{0}B") == 1)
        #expect(try contains("a\u{0}b", "ab") == 0)
    }

    @Test func emptyPartIsInEveryTextAndNullGivesNull() throws {
        #expect(try contains("anything", "") == 1)
        #expect(try contains("", "") == 1)
        #expect(try contains("", "a") == 0)
        #expect(try contains(nil, "a") == nil)
        #expect(try contains("a", nil) == nil)
    }

    /// Every pair of short texts over an alphabet of upper and lower case letters, a Hangul syllable, an accented
    /// letter, NUL and punctuation: the same answer as instr(lower(), lower()).
    @Test func answersAsInstrOfLoweredTexts() throws {
        let alphabet = ["a", "B", "b", "A", "가", "é", "É", "\u{0}", "%", "z"]
        var texts = [""]
        for _ in 0..<3 { texts += texts.flatMap { text in alphabet.map { text + $0 } } }
        let unique = Array(Set(texts)).sorted()
        let parts = unique.filter { $0.unicodeScalars.count <= 2 }
        var mismatches: [String] = []
        for text in unique {
            for part in parts where try contains(text, part) != instrOfLowered(text, part) {
                mismatches.append("\(text.debugDescription) \(part.debugDescription)")
            }
        }
        #expect(unique.count * parts.count > 100_000)
        #expect(mismatches == [])
    }
}
