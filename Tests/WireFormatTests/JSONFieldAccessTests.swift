import OpenMarketWireFormat
import Testing

@Suite struct JSONFieldAccessTests {
    private func object(_ json: String) throws -> JSONObject {
        try JSONReader.parseObject(Array(json.utf8))
    }

    @Test func absentAndNullMembersReadAsNil() throws {
        let body = try object(#"{"a":null,"blank":"  "}"#)
        #expect(try body.string("a") == nil)
        #expect(try body.string("missing") == nil)
        #expect(try body.double("a") == nil)
        #expect(try body.int64("missing") == nil)
        #expect(try body.double("blank") == nil)
        #expect(try body.int64("blank") == nil)
        #expect(try body.string("blank") == "  ")
    }

    @Test func stringsAcceptScalarsAsWritten() throws {
        let body = try object(#"{"name":"맥북","code":7.50e1,"secret":12345,"flag":true}"#)
        #expect(try body.string("name") == "맥북")
        #expect(try body.string("code") == "7.50e1")
        #expect(try body.string("secret") == "12345")
        #expect(try body.string("flag") == "true")
    }

    @Test(arguments: [
        (#"{"price":1000}"#, 1000.0), (#"{"price":9.99}"#, 9.99), (#"{"price":"1000"}"#, 1000.0),
        (#"{"price":" 9.99 "}"#, 9.99), (#"{"price":"-5"}"#, -5.0), (#"{"price":"1e3"}"#, 1000.0),
        (#"{"price":"+7"}"#, 7.0), (#"{"price":-0.5}"#, -0.5),
    ])
    func doublesAcceptNumbersAndNumericStrings(_ json: String, _ expected: Double) throws {
        #expect(try object(json).double("price") == expected)
    }

    @Test(arguments: [
        (#"{"stock":10}"#, Int64(10)), (#"{"stock":"10"}"#, 10), (#"{"stock":" -3 "}"#, -3),
        (#"{"stock":10.0}"#, 10), (#"{"stock":"1e3"}"#, 1000),
        (#"{"stock":9223372036854775807}"#, .max), (#"{"stock":"-9223372036854775808"}"#, .min),
        (#"{"stock":9007199254740993}"#, 9_007_199_254_740_993),
        // Read exactly: a double would give 9007199254740992.
        (#"{"stock":9007199254740993.0}"#, 9_007_199_254_740_993),
        (#"{"stock":"9007199254740993e0"}"#, 9_007_199_254_740_993),
        (#"{"stock":-9223372036854775808.000}"#, .min), (#"{"stock":922337203685477580.7e1}"#, .max),
        (#"{"stock":250e-1}"#, 25), (#"{"stock":"4."}"#, 4),
        (#"{"stock":0e999999999999}"#, 0), (#"{"stock":-0.0}"#, 0), (#"{"stock":1500E-2}"#, 15),
    ])
    func integersAcceptWholeNumbersAndNumericStrings(_ json: String, _ expected: Int64) throws {
        #expect(try object(json).int64("stock") == expected)
    }

    @Test(arguments: [
        (#"{"price":"abc"}"#, #""price" must be a number (or a numeric string); found "abc""#),
        (#"{"price":"nan"}"#, #""price" must be a number (or a numeric string); found "nan""#),
        (#"{"price":"0x10"}"#, #""price" must be a number (or a numeric string); found "0x10""#),
        (#"{"price":"1,000"}"#, #""price" must be a number (or a numeric string); found "1,000""#),
        (#"{"price":true}"#, #""price" must be a number (or a numeric string); found true"#),
        (#"{"price":[1]}"#, #""price" must be a number (or a numeric string); found an array"#),
        (#"{"price":1e400}"#, #""price" must be a number within the double range; found 1e400"#),
        (#"{"price":"-1e999"}"#, #""price" must be a number within the double range; found "-1e999""#),
    ])
    func doublesExplainWhatIsWrong(_ json: String, _ message: String) throws {
        let body = try object(json)
        let error = try #require(throws: JSONFieldError.self) { try body.double("price") }
        #expect(error.key == "price" && error.message == message)
    }

    @Test(arguments: [
        (#"{"stock":1.5}"#, #""stock" must be a whole number; found 1.5"#),
        (#"{"stock":"2.25"}"#, #""stock" must be a whole number; found "2.25""#),
        (#"{"stock":1e30}"#,
            #""stock" must be a whole number between -9223372036854775808 and 9223372036854775807; found 1e30"#),
        (#"{"stock":9223372036854775808}"#, #""stock" must be a whole number between -9223372036854775808 and "#
            + "9223372036854775807; found 9223372036854775808"),
        (#"{"stock":"ten"}"#, #""stock" must be a whole number (or a numeric string); found "ten""#),
        // Just outside Int64, though a double rounds them to its ends.
        (#"{"stock":-9223372036854775809}"#, #""stock" must be a whole number between -9223372036854775808 and "#
            + "9223372036854775807; found -9223372036854775809"),
        (#"{"stock":"9223372036854775808.0"}"#, #""stock" must be a whole number between -9223372036854775808 and "#
            + #"9223372036854775807; found "9223372036854775808.0""#),
        (#"{"stock":25e-1}"#, #""stock" must be a whole number; found 25e-1"#),
        (#"{"stock":1e-400}"#, #""stock" must be a whole number; found 1e-400"#),
        (#"{"stock":1e99999999999}"#, #""stock" must be a whole number between -9223372036854775808 and "#
            + "9223372036854775807; found 1e99999999999"),
        (#"{"stock":{}}"#, #""stock" must be a whole number (or a numeric string); found an object"#),
    ])
    func integersExplainWhatIsWrong(_ json: String, _ message: String) throws {
        let body = try object(json)
        let error = try #require(throws: JSONFieldError.self) { try body.int64("stock") }
        #expect(error.key == "stock" && error.message == message)
    }

    @Test func stringsRefuseContainers() throws {
        let body = try object(#"{"name":["a"],"vendor":{"id":1}}"#)
        let nameError = try #require(throws: JSONFieldError.self) { try body.string("name") }
        #expect(nameError.message == #""name" must be a string; found an array"#)
        let vendorError = try #require(throws: JSONFieldError.self) { try body.string("vendor") }
        #expect(vendorError.message == #""vendor" must be a string; found an object"#)
    }

    @Test func messagesShowLongAndInvisibleValuesSafely() throws {
        let long = String(repeating: "가", count: 100)
        let body = try object(#"{"price":"\#(long)","stock":"1\n2"}"#)
        let error = try #require(throws: JSONFieldError.self) { try body.double("price") }
        #expect(error.description == #""price" must be a number (or a numeric string); found ""#
            + String(repeating: "가", count: 40) + #"…""#)
        let stockError = try #require(throws: JSONFieldError.self) { try body.int64("stock") }
        #expect(stockError.message == #""stock" must be a whole number (or a numeric string); found "1\n2""#)
    }

    @Test func invisibleCharactersCountAsTheEscapesShown() {
        // Found by Fuzz/run.sh fixture: 40 control characters were shown as 240.
        let controls = String(repeating: "\u{4}", count: 100)
        #expect(MessageQuoting.quoted(controls) == "\"" + String(repeating: #"\u0004"#, count: 6) + "…\"")
        #expect(MessageQuoting.quoted(String(repeating: "\n", count: 30)) == "\"" + String(repeating: #"\n"#, count: 20) + "…\"")
        #expect(MessageQuoting.quoted(String(repeating: "a", count: 40)) == "\"" + String(repeating: "a", count: 40) + "\"")
    }
}
