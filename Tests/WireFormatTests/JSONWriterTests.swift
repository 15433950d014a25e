import OpenMarketWireFormat
import Testing

@Suite struct JSONWriterTests {
    private func text(_ write: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter(reservingCapacity: 64)
        write(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func escapesKeysThatComeFromData() {
        let json = text { writer in
            writer.object { w in
                w.key(escaping: "Retry-After")
                w.value("5")
                w.key(escaping: "X-\"quoted\"\n")
                w.value("a")
            }
        }
        #expect(json == #"{"Retry-After":"5","X-\"quoted\"\n":"a"}"#)
    }

    @Test func writesCompactObjectsInTheCallersKeyOrder() {
        let json = text { writer in
            writer.object { w in
                w.field("id", 2456)
                w.field("vendor_id", Int64(48))
                w.field("name", "사진 모음집")
                w.field("price", 1000, .java)
                w.field("discounted_price", 0, .java)
                w.field("hasNext", true)
                w.key("images")
                w.array { w in
                    w.object { w in w.field("id", 3341) }
                    w.object { w in w.field("id", 3342) }
                }
                w.key("vendors")
                w.object { w in
                    w.field("id", 48)
                    w.field("name", "zhilly")
                }
            }
        }
        #expect(json == #"{"id":2456,"vendor_id":48,"name":"사진 모음집","price":1000.0,"discounted_price":0.0,"#
            + #""hasNext":true,"images":[{"id":3341},{"id":3342}],"vendors":{"id":48,"name":"zhilly"}}"#)
    }

    @Test func writesArraysOfScalarsEmptyContainersAndNull() {
        let json = text { writer in
            writer.beginArray()
            writer.value(-9_223_372_036_854_775_808 as Int64)
            writer.value(false)
            writer.nullValue()
            writer.value(1_611_523_563.7237701, .swiftPlain)
            writer.beginArray()
            writer.endArray()
            writer.object { _ in }
            writer.endArray()
        }
        #expect(json == #"[-9223372036854775808,false,null,1611523563.7237701,[],{}]"#)
    }

    @Test func writesNonFiniteDoublesAsStringsLikeJackson() {
        let json = text { writer in
            writer.object { w in
                w.field("a", .nan, .java)
                w.field("b", -.infinity, .java)
            }
        }
        #expect(json == #"{"a":"NaN","b":"-Infinity"}"#)
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("quote \" backslash \\ slash /", #""quote \" backslash \\ slash /""#),
        ("\n\r\t\u{08}\u{0C}", #""\n\r\t\b\f""#),
        ("\u{00}\u{01}\u{1F}\u{0B}", #""\u0000\u0001\u001F\u000B""#),
        ("\u{7F} é 한국어 😀", "\"\u{7F} é 한국어 😀\""),
        ("", #""""#),
        ("\"", #""\"""#),
        ("ends with newline\n", #""ends with newline\n""#),
    ])
    func escapesStringsAsJacksonDoes(_ input: String, _ expected: String) {
        #expect(text { $0.value(input) } == expected)
    }

    @Test func escapesEveryControlCharacterWithUpperCaseHexAndNoOtherASCII() {
        let shortEscapes: [UInt8: String] = [
            0x08: #"\b"#, 0x09: #"\t"#, 0x0A: #"\n"#, 0x0C: #"\f"#, 0x0D: #"\r"#,
            UInt8(ascii: "\""): #"\""#, UInt8(ascii: "\\"): #"\\"#,
        ]
        let hex = Array("0123456789ABCDEF")
        for byte in UInt8(0)...UInt8(0x7F) {
            let expected: String
            if let short = shortEscapes[byte] {
                expected = short
            } else if byte < 0x20 {
                expected = #"\u00"# + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            } else {
                expected = String(UnicodeScalar(byte))
            }
            #expect(text { $0.value(String(UnicodeScalar(byte))) } == "\"" + expected + "\"", "byte \(byte)")
        }
    }

    /// Long strings are scanned eight bytes at a time; this puts every kind of character at every position of
    /// such blocks and compares with escaping one character at a time.
    @Test func escapesLongStringsLikeCharacterByCharacterEscaping() {
        let pieces = ["a", "/", "\"", "\\", "\n", "\u{01}", "\u{1F}", " ", "\u{7F}", "é", "한", "😀", "~"]
        var generator = SplitMix64(seed: 99)
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...40, using: &generator)
            let input = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            #expect(text { $0.value(input) } == "\"" + input.unicodeScalars.map(Self.escaped).joined() + "\"")
        }
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\"": #"\""#
        case "\\": #"\\"#
        case "\n": #"\n"#
        case _ where scalar.value < 0x10: #"\u000"# + String(scalar.value, radix: 16, uppercase: true)
        case _ where scalar.value < 0x20: #"\u00"# + String(scalar.value, radix: 16, uppercase: true)
        default: String(scalar)
        }
    }
}
