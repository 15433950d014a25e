import OpenMarketWireFormat
import Testing

struct UTCTimestampTests {
    @Test func writesMillisecondsInUTC() {
        #expect(UTCTimestamp.format(0) == "1970-01-01T00:00:00.000Z")
        #expect(UTCTimestamp.format(1_707_274_800.1239) == "2024-02-07T03:00:00.123Z")
        #expect(UTCTimestamp.format(951_782_400) == "2000-02-29T00:00:00.000Z")
        #expect(UTCTimestamp.format(-0.5) == "1969-12-31T23:59:59.500Z")
    }

    @Test func readsBackAsTheSameInstant() throws {
        for seconds in [0.0, 1_707_274_800.25, 4_102_444_799.999] {
            #expect(try ISO8601Instant.parse(UTCTimestamp.format(seconds)) == (seconds * 1000).rounded(.down) / 1000)
        }
    }
}
