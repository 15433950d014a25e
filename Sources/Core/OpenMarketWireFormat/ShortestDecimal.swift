/// The shortest decimal that reads back as a given positive finite double: `significand × 10^exponent`,
/// with no trailing zeros in `significand` (at most 17 digits, so it fits a `UInt64`).
struct ShortestDecimal: Equatable {
    var significand: UInt64
    var exponent: Int

    /// `value` must be finite and greater than zero.
    init(of value: Double) {
        if value < 9_007_199_254_740_992, let whole = UInt64(exactly: value) {
            // Below 2^53 neighbouring doubles are at most 1 apart, so an integer's own digits are already the
            // shortest: a shorter decimal would be a different integer, which reads back as a different double.
            self.init(significand: whole, exponent: 0)
        } else {
            // Swift's `description` prints the shortest round-trip digits, closest to the value when several
            // are equally short; only the layout differs from what we need.
            self.init(parsingDescriptionOf: value)
            if value < Double.leastNormalMagnitude && significand < 10 {
                self = SubnormalRounding.twoDigitDecimal(of: value, near: self)
            }
        }
    }

    init(significand: UInt64, exponent: Int) {
        var significand = significand
        var exponent = exponent
        while significand != 0 && significand % 10 == 0 {
            significand /= 10
            exponent += 1
        }
        self.significand = significand
        self.exponent = exponent
    }

    /// Reads Swift's layouts: `123.45`, `0.0001`, `1e-05`, `1.2345e+20`.
    private init(parsingDescriptionOf value: Double) {
        var significand: UInt64 = 0
        var fractionDigits = 0
        var inFraction = false
        var exponent = 0
        var exponentSign = 1
        var inExponent = false
        for byte in value.description.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = Int(byte - UInt8(ascii: "0"))
                if inExponent {
                    exponent = exponent * 10 + digit
                } else {
                    significand = significand * 10 + UInt64(digit)
                    if inFraction {
                        fractionDigits += 1
                    }
                }
            case UInt8(ascii: "."):
                inFraction = true
            case UInt8(ascii: "e"):
                inExponent = true
            case UInt8(ascii: "-"):
                exponentSign = -1
            default:
                break
            }
        }
        self.init(significand: significand, exponent: exponentSign * exponent - fractionDigits)
    }

    var digitCount: Int { DecimalDigits.count(of: significand) }
}
