@testable import OpenMarketWireFormat
import Testing

@Suite struct JSONReaderTests {
    private func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try JSONReader.parse(Array(text.utf8))
    }

    private func number(_ text: String) -> JSONValue {
        .number(JSONNumber(text: text, value: Double(text) ?? .nan))
    }

    @Test(arguments: [
        ("null", JSONValue.null),
        (" \t\r\n true \n", .bool(true)),
        ("false", .bool(false)),
        (#""""#, .string("")),
        (#""plain""#, .string("plain")),
        (#""\" \\ \/ \b \f \n \r \t""#, .string("\" \\ / \u{08} \u{0C} \n \r \t")),
        (#""\u0041\u00e9\uD55C\uD83D\uDE00""#, .string("Aé한😀")),
        ("\"한국어 😀 raw\"", .string("한국어 😀 raw")),
        ("\"line\nbreak\ttab\u{01}\"", .string("line\nbreak\ttab\u{01}")),
        ("[]", .array([])),
        ("[1, \"a\", [null]]", .array([.number(JSONNumber(text: "1", value: 1)), .string("a"), .array([.null])])),
    ])
    func acceptsJSON(_ text: String, _ expected: JSONValue) throws {
        #expect(try parse(text) == expected)
    }

    @Test(arguments: ["0", "-0", "12", "-12", "1.5", "0.001", "1e3", "1E+3", "2.5e-3", "-0.0e0", "1e400",
        "123456789012345678901234567890"])
    func keepsNumbersAsWrittenWithTheirValue(_ text: String) throws {
        #expect(try parse(text) == number(text))
    }

    @Test func keepsKeyOrderAndTheLastDuplicate() throws {
        let object = try JSONReader.parseObject(Array(#"{"b":1,"a":{"x":[]},"b":"two","c":null}"#.utf8))
        #expect(object.members.map(\.key) == ["b", "a", "c"])
        #expect(object["b"] == .string("two"))
        #expect(object["c"] == .null)
        #expect(object["missing"] == nil)
    }

    @Test func skipsAByteOrderMarkButCountsItInOffsets() throws {
        let body: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#" {"a":1}"#.utf8)
        #expect(try JSONReader.parseObject(body)["a"] == number("1"))
        #expect(throws: JSONParseError(offset: 3, message: "expected a JSON value, found the end of the input")) {
            try JSONReader.parse([0xEF, 0xBB, 0xBF])
        }
    }

    @Test func readsAnyCollectionOfBytes() throws {
        let slice = Array(#"xx{"a":true}"#.utf8).dropFirst(2)
        #expect(try JSONReader.parseObject(slice)["a"] == .bool(true))
        #expect(try JSONReader.parse(#"[false]"#.utf8) == .array([.bool(false)]))
    }

    @Test(arguments: [
        ("", 0, "expected a JSON value, found the end of the input"),
        ("   ", 3, "expected a JSON value, found the end of the input"),
        (#"{"price": 10 x}"#, 13,
            #"expected ',' or '}' after the value of "price", found 'x'"#),
        (#"{"price":1000,"name":"a",}"#, 25, "expected a key in double quotes after ',', found '}'"),
        (#"{'a':1}"#, 1, "expected a key in double quotes or '}', found '''"),
        (#"{"a" 1}"#, 5, #"expected ':' after the key "a", found '1'"#),
        (#"{"currency": KRW}"#, 13,
            #"expected a value for "currency", found 'KRW' (text needs double quotes; the literals are true, "#
            + "false and null)"),
        (#"{"a": True}"#, 6,
            #"expected a value for "a", found 'True' (text needs double quotes; the literals are true, false "#
            + "and null)"),
        ("[1,]", 3, "expected a value after ',', found ']'"),
        ("[1 2]", 3, "expected ',' or ']' after an array element, found '2'"),
        ("[", 1, "expected a value or ']', found the end of the input"),
        ("{} {}", 3, "expected the end of the input after the JSON value, found '{'"),
        ("01", 1, "expected '.', 'e' or the end of the number after a leading 0 (JSON numbers have no leading "
            + "zeros), found '1'"),
        ("-x", 1, "expected a digit after '-', found 'x'"),
        ("1.", 2, "expected a digit after the decimal point, found the end of the input"),
        ("1e+", 3, "expected a digit in the exponent, found the end of the input"),
        (".5", 0, "expected a JSON value, found '.'"),
        (#"{"a":"unterminated"#, 18, "expected '\"' to close the string that starts at byte 5, found the end of "
            + "the input"),
        (#""bad \x escape""#, 6, #"expected an escape sequence (\", \\, \/, \b, \f, \n, \r, \t or \uXXXX) "#
            + #"after '\', found 'x'"#),
        (#""\u12G4""#, 5, #"expected 4 hex digits after \u, found 'G4'"#),
        (#""\uDE00""#, 1, #"expected a character escape, found the unpaired low surrogate \uDE00 (it must follow "#
            + #"a high surrogate \uD800-\uDBFF)"#),
        (#""\uD83D!""#, 7, #"expected a low surrogate \uDC00-\uDFFF after the high surrogate \uD83D, found '!'"#),
        (#""\uD83D\u0041""#, 7,
            #"expected a low surrogate \uDC00-\uDFFF after the high surrogate \uD83D, found '\'"#),
        ("nul", 0, "expected a JSON value, found 'nul' (text needs double quotes; the literals are true, false and "
            + "null)"),
        ("\u{7F}", 0, "expected a JSON value, found byte 0x7F"),
        ("한", 0, "expected a JSON value, found '한'"),
        // Breaks and invisible characters, which would break the message's one line or show nothing in quotes.
        ("\u{85}", 0, "expected a JSON value, found the character U+0085"),
        ("\u{2028}", 0, "expected a JSON value, found the character U+2028"),
        ("\u{2029}", 0, "expected a JSON value, found the character U+2029"),
        ("\u{A0}", 0, "expected a JSON value, found the character U+00A0"),
        ("\u{200B}", 0, "expected a JSON value, found the character U+200B"),
        ("[1\u{3000}]", 2, "expected ',' or ']' after an array element, found the character U+3000"),
        ("é", 0, "expected a JSON value, found 'é'"),
    ])
    func rejectsWithOffsetAndMessage(_ text: String, _ offset: Int, _ message: String) {
        #expect(throws: JSONParseError(offset: offset, message: message)) {
            try parse(text)
        }
    }

    @Test(arguments: [
        ([0x22, 0xFF, 0x22], 1),  // not a UTF-8 byte
        ([0x22, 0xC0, 0xAF, 0x22], 1),  // overlong '/'
        ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),  // encoded surrogate
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),  // above U+10FFFF
        ([0x22, 0x41, 0xE2, 0x82], 2),  // cut short by the end
    ] as [([UInt8], Int)])
    func rejectsMalformedUTF8InStrings(_ bytes: [UInt8], _ offset: Int) throws {
        let error = try #require(throws: JSONParseError.self) { try JSONReader.parse(bytes) }
        #expect(error.offset == offset)
        #expect(error.message.hasPrefix("expected UTF-8 text in the string, found byte 0x"))
    }

    @Test func describesTheFullMessageWithTheOffset() {
        let error = JSONParseError(offset: 42, message: "expected ':' after the key \"a\", found '1'")
        #expect(error.description == #"JSON parse error at byte 42: expected ':' after the key "a", found '1'"#)
    }

    @Test func limitsNestingDepth() throws {
        let deepest = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        _ = try parse(deepest)
        let tooDeep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: JSONParseError(offset: 64, message: "expected at most 64 levels of nested arrays and "
            + "objects, found a deeper one")) {
            try parse(tooDeep)
        }
        let hostile = Array(repeating: UInt8(ascii: "{"), count: 1_000_000)
        #expect(throws: JSONParseError.self) { try JSONReader.parse(hostile) }
    }

    @Test func parseObjectRefusesOtherDocuments() {
        #expect(throws: JSONParseError(offset: 2, message: "expected a JSON object ({...}), found an array")) {
            try JSONReader.parseObject(Array("\n [1]".utf8))
        }
        #expect(throws: JSONParseError(offset: 0, message: #"expected a JSON object ({...}), found "OK""#)) {
            try JSONReader.parseObject(Array(#""OK""#.utf8))
        }
    }

    @Test func keepingMembersOnlyChecksNestedContainersButKeepsThemEmpty() throws {
        let object = try JSONReader.parseObject(
            Array(#"{"list":[1,"two",{"three":[3]}],"nested":{"a":1},"name":"kept","price":9.5}"#.utf8),
            keepsMembersOnly: true)
        #expect(object["list"] == .array([]))
        #expect(object["nested"] == .object(JSONObject()))
        #expect(object["name"] == .string("kept"))
        #expect(object["price"] == number("9.5"))
        #expect(throws: JSONParseError.self) {
            try JSONReader.parseObject(Array(#"{"list":[1,01]}"#.utf8), keepsMembersOnly: true)
        }
        #expect(throws: JSONParseError.self) {
            try JSONReader.parseObject(Array(#"{"list":["\q"]}"#.utf8), keepsMembersOnly: true)
        }
    }

    /// Keys inside a container whose contents are dropped are still read, so an error there names its key.
    @Test(arguments: [
        (#"{"a":{"b":"#, #"expected a value for "b", found the end of the input"#),
        (#"{"a":{"b" 1}}"#, #"expected ':' after the key "b""#),
        (#"{"a":[{"c\u0041":1 2}]}"#, #"expected ',' or '}' after the value of "cA""#),
    ])
    func errorsInsideDroppedContainersNameTheirKey(body: String, message: String) {
        let error = #expect(throws: JSONParseError.self) {
            try JSONReader.parseObject(Array(body.utf8), keepsMembersOnly: true)
        }
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
    }
}
