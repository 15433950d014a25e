@testable import OpenMarketWireFormat
import Testing

@Suite struct SeoulDateTests {
    @Test(arguments: [
        (1_707_231_599.999, "2024-02-06"),  // 2024-02-06T14:59:59.999Z is 23:59:59.999 in Seoul
        (1_707_231_600, "2024-02-07"),  // 2024-02-06T15:00:00Z is midnight in Seoul
        (1_707_309_296, "2024-02-07"),
        (1_704_034_799, "2023-12-31"),
        (1_704_034_800, "2024-01-01"),
        (1_709_132_400, "2024-02-29"),
        (1_709_218_799, "2024-02-29"),
        (1_709_218_800, "2024-03-01"),
        (0, "1970-01-01"),
        (-32_400, "1970-01-01"),
        (-32_400.5, "1969-12-31"),
        (-62_135_596_800, "0001-01-01"),
        (253_402_300_799, "10000-01-01"),  // 9999-12-31T23:59:59Z is already the next day in Seoul
    ])
    func findsTheSeoulCalendarDay(_ unixSeconds: Double, _ expected: String) {
        let date = SeoulDate(unixSeconds: unixSeconds)
        #expect(date.v2bTimestamp == expected + "T00:00:00")
    }

    @Test func writesEachGenerationsLayout() {
        let date = SeoulDate(unixSeconds: 1_707_309_296)
        #expect(date.v2bTimestamp == "2024-02-07T00:00:00")
        #expect(date.v2aTimestamp == "2024-02-07T00:00:00.00")
        #expect(date.compact == "20240207")
        #expect(SeoulDate(unixSeconds: -61_946_208_000).compact == "00070102")
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300, .greatestFiniteMagnitude])
    func survivesValuesNoClockProduces(_ unixSeconds: Double) {
        let date = SeoulDate(unixSeconds: unixSeconds)
        #expect((1...12).contains(date.month) && (1...31).contains(date.day))
    }

    @Test func clampsOutOfRangeInstantsToTheFarthestSupportedDay() {
        #expect(SeoulDate(unixSeconds: .nan) == SeoulDate(unixSeconds: 0))
        #expect(SeoulDate(unixSeconds: .infinity) == SeoulDate(unixSeconds: 1e16))
        #expect(SeoulDate(unixSeconds: -.infinity).year < -300_000_000)
    }

    /// Walks day by day over four centuries each side of 1970 and checks the arithmetic against plain counting.
    @Test func civilArithmeticAgreesWithCountingDays() {
        var (year, month, day): (Int64, Int, Int) = (1970, 1, 1)
        for days in Int64(0)...146_097 {
            #expect(CivilCalendar.date(daysSinceEpoch: days) == (year, month, day))
            #expect(CivilCalendar.daysSinceEpoch(year: year, month: month, day: day) == days)
            day += 1
            if day > CivilCalendar.daysInMonth(month, year: year) {
                (month, day) = (month + 1, 1)
                if month > 12 {
                    (year, month) = (year + 1, 1)
                }
            }
        }
        (year, month, day) = (1969, 12, 31)
        for days in stride(from: Int64(-1), through: -146_097, by: -1) {
            #expect(CivilCalendar.date(daysSinceEpoch: days) == (year, month, day))
            #expect(CivilCalendar.daysSinceEpoch(year: year, month: month, day: day) == days)
            day -= 1
            if day == 0 {
                month -= 1
                if month == 0 {
                    (year, month) = (year - 1, 12)
                }
                day = CivilCalendar.daysInMonth(month, year: year)
            }
        }
    }

    @Test func knowsTheLeapYearRule() {
        #expect(CivilCalendar.isLeapYear(2024) && CivilCalendar.isLeapYear(2000) && CivilCalendar.isLeapYear(-4))
        #expect(!CivilCalendar.isLeapYear(1900) && !CivilCalendar.isLeapYear(2023) && !CivilCalendar.isLeapYear(-1))
    }
}
