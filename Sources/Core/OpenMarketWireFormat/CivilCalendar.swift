/// Proleptic Gregorian calendar arithmetic on whole days since 1970-01-01, in integers only.
/// The calendar repeats every 400 years (146,097 days), so dates are reduced to a 400-year "era" that starts
/// on a 1 March; starting the year in March puts the leap day last, which makes month lengths regular.
enum CivilCalendar {
    private static let daysPerEra: Int64 = 146_097
    /// Days from 0000-03-01 (start of era 0) to 1970-01-01.
    private static let epochOffset: Int64 = 719_468

    static func date(daysSinceEpoch days: Int64) -> (year: Int64, month: Int, day: Int) {
        let shifted = days + epochOffset
        let era = floorDivision(shifted, daysPerEra)
        let dayOfEra = shifted - era * daysPerEra
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * monthFromMarch + 2) / 5 + 1)
        let month = Int(monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9)
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// `month` must be 1...12 and `day` valid for it; the year may be anything that does not overflow.
    static func daysSinceEpoch(year: Int64, month: Int, day: Int) -> Int64 {
        let marchYear = month <= 2 ? year - 1 : year
        let era = floorDivision(marchYear, 400)
        let yearOfEra = marchYear - era * 400
        let monthFromMarch = Int64(month > 2 ? month - 3 : month + 9)
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * daysPerEra + dayOfEra - epochOffset
    }

    static func daysInMonth(_ month: Int, year: Int64) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func floorDivision(_ dividend: Int64, _ divisor: Int64) -> Int64 {
        let quotient = dividend / divisor
        return dividend % divisor < 0 ? quotient - 1 : quotient
    }
}
