import OpenMarketSQLite
import Testing

@Suite("Binding and reading values")
struct ValueTests {
    private func roundTrip<Value: SQLiteValue>(_ value: Value) throws -> Value {
        let connection = try Connection(path: ":memory:")
        return try connection.withStatement("SELECT ?1") {
            try $0.bind(value, at: 1)
            try #require(try $0.step())
            return $0.column(0)
        }
    }

    @Test func severalValuesBindToParametersInOrder() throws {
        let connection = try Connection(path: ":memory:")
        let row: (Int64, String, Double?, String?) = try connection.withStatement("SELECT ?1, ?2, ?3, ?4") {
            try $0.bind(Int64(7), "seven", nil as Double?, Optional("x"))
            try #require(try $0.step())
            return ($0.column(0), $0.column(1), $0.column(2), $0.column(3))
        }
        #expect(row.0 == 7)
        #expect(row.1 == "seven")
        #expect(row.2 == nil)
        #expect(row.3 == "x")
    }

    @Test func integersKeepAll64Bits() throws {
        #expect(try roundTrip(Int64.max) == .max)
        #expect(try roundTrip(Int64.min) == .min)
        #expect(try roundTrip(1_000_000_000_000 as Int) == 1_000_000_000_000)
    }

    @Test func doublesKeepTheirFraction() throws {
        #expect(try roundTrip(1_611_523_563.723_770_1) == 1_611_523_563.723_770_1)
        #expect(try roundTrip(-0.1) == -0.1)
    }

    @Test func textComesBackExactly() throws {
        let text = "MagSafe 충전기 🔌 \"quoted\" 'single' \u{0}after NUL\r\n\t"
        #expect(try roundTrip(text) == text)
    }

    @Test func emptyTextIsNotNull() throws {
        #expect(try roundTrip("") == "")
        #expect(try roundTrip(Optional("")) == Optional(""))
    }

    @Test func blobsComeBackByteForByte() throws {
        let bytes = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        #expect(try roundTrip(bytes) == bytes)
    }

    @Test func emptyBlobIsNotNull() throws {
        #expect(try roundTrip([UInt8]()) == [])
        #expect(try roundTrip(Optional([UInt8]())) == Optional([UInt8]()))
    }

    @Test func nilBindsNullAndNullReadsAsNil() throws {
        #expect(try roundTrip(Int64?.none) == nil)
        #expect(try roundTrip(String?.none) == nil)
        #expect(try roundTrip(Double?.none) == nil)
        #expect(try roundTrip([UInt8]?.none) == nil)
    }

    @Test func bindingAParameterThatDoesNotExistFails() throws {
        let connection = try Connection(path: ":memory:")
        let error = #expect(throws: SQLiteError.self) {
            try connection.withStatement("SELECT ?1") { try $0.bind(Int64(1), at: 2) }
        }
        #expect(error?.code == 25)  // SQLITE_RANGE
    }
}
