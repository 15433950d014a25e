@testable import OpenMarketWireFormat
import Testing

@Suite struct ISO8601InstantTests {
    @Test(arguments: [
        ("2024-02-07T12:34:56Z", 1_707_309_296.0),
        ("2024-02-07t12:34:56z", 1_707_309_296.0),
        ("2024-02-07 12:34:56Z", 1_707_309_296.0),
        ("2024-02-07T12:34:56.789Z", 1_707_309_296.789),
        ("2024-02-07T12:34:56,5Z", 1_707_309_296.5),
        ("2024-02-07T21:34:56+09:00", 1_707_309_296.0),
        ("2024-02-07T21:34:56+0900", 1_707_309_296.0),
        ("2024-02-07T21:34:56+09", 1_707_309_296.0),
        ("2024-02-07T12:34-05:30", 1_707_329_040.0),
        ("2024-02-07", 1_707_231_600.0),  // midnight in Seoul
        ("1969-12-31T23:59:59Z", -1.0),
        ("0001-01-01T00:00:00Z", -62_135_596_800.0),
        ("2024-02-29T00:00:00+09:00", 1_709_132_400.0),
    ])
    func readsInstants(_ text: String, _ unixSeconds: Double) throws {
        let parsed = try ISO8601Instant.parse(text)
        #expect(abs(parsed - unixSeconds) < 1e-6)
    }

    @Test func aBareDayIsThatDayInSeoul() throws {
        let parsed = try ISO8601Instant.parse("2024-02-07")
        #expect(SeoulDate(unixSeconds: parsed).compact == "20240207")
    }

    @Test(arguments: [
        ("", "expected 4 digits for the year, found the end of the text"),
        ("24-02-07", "expected 4 digits for the year, found '-' at character 3"),
        ("2024/02/07", "expected '-' after the year, found '/' at character 5"),
        ("2024-13-01", "the month must be 01 to 12, found 13"),
        ("2023-02-29", "the day must be 01 to 28, found 29"),
        ("2024-02-07X12:00Z", "expected 'T' between the date and the time, found 'X' at character 11"),
        ("2024-02-07T24:00:00Z", "the hour must be 00 to 23, found 24"),
        ("2024-02-07T12:34:56", "expected 'Z' or an offset like +09:00 after the time, found the end of the text"),
        ("2024-02-07T12:34:56.Z", "expected digits after the decimal point of the seconds, found 'Z' at character 21"),
        ("2024-02-07T12:34:56Z ", "expected the end of the instant after the offset, found ' ' at character 21"),
        ("2024-02-07T12:34:56+9", "expected 2 digits for the offset hours, found the end of the text"),
        ("now", "expected 4 digits for the year, found 'n' at character 1"),
        ("２０２４-02-07", "expected 4 digits for the year, found '２' at character 1"),
    ])
    func explainsWhatIsWrong(_ text: String, _ problem: String) {
        #expect(throws: ISO8601InstantError(input: text, problem: problem)) {
            try ISO8601Instant.parse(text)
        }
    }

    @Test func theMessageShowsTheInputAndExamples() {
        let error = ISO8601InstantError(input: "2024-13-01", problem: "the month must be 01 to 12, found 13")
        #expect(error.description == #""2024-13-01" is not an ISO-8601 instant: the month must be 01 to 12, "#
            + "found 13; write for example 2024-02-07T12:34:56Z, 2024-02-07T21:34:56.250+09:00 or 2024-02-07 "
            + "(a day in Asia/Seoul)")
    }
}
