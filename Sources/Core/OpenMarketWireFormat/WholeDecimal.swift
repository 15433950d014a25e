/// The whole number a decimal numeral stands for (`12`, `-7.0`, `2.5e3`, `+4.`: a JSON number's syntax, with a
/// `+` and a bare point allowed as in numeric strings), worked out digit by digit. A double would round
/// `-9223372036854775809` into Int64's range and `9007199254740993.0` to its neighbour, silently changing the value.
enum WholeDecimal: Equatable {
    case whole(Int64)
    /// The numeral has a fraction that is not zero (`1.5`, `25e-1`).
    case fraction
    /// A whole number outside Int64.
    case outOfRange

    /// nil when `text` is not a decimal numeral at all.
    init?(_ text: Substring) {
        // Plain digits, as nearly every request sends them, need no digit arrays.
        if let exact = Int64(text) {
            self = .whole(exact)
            return
        }
        var bytes = text.utf8[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative || bytes.first == UInt8(ascii: "+") {
            bytes = bytes.dropFirst()
        }
        let integer = bytes.prefix(while: Self.isDigit)
        bytes = bytes.dropFirst(integer.count)
        var fraction = bytes.prefix(0)
        if bytes.first == UInt8(ascii: ".") {
            fraction = bytes.dropFirst().prefix(while: Self.isDigit)
            bytes = bytes.dropFirst(1 + fraction.count)
        }
        guard !(integer.isEmpty && fraction.isEmpty), let exponent = Self.exponent(bytes) else {
            return nil
        }
        // The value is `significant` × 10^shift, with no leading zeros in `significant`.
        var significant = Array((Array(integer) + Array(fraction)).drop { $0 == UInt8(ascii: "0") })
        guard !significant.isEmpty else {
            self = .whole(0)
            return
        }
        let shift = exponent - fraction.count
        if shift < 0 {
            // Every digit below the point must be 0; a numeral wholly below the point is a fraction.
            guard -shift < significant.count,
                  significant.suffix(-shift).allSatisfy({ $0 == UInt8(ascii: "0") }) else {
                self = .fraction
                return
            }
            significant.removeLast(-shift)
        } else if shift > 0 {
            // 19 digits with a non-zero first one already reach 10^18; 20 exceed Int64.
            guard significant.count + shift <= 19 else {
                self = .outOfRange
                return
            }
            significant += repeatElement(UInt8(ascii: "0"), count: shift)
        }
        self = Self.exact(significant, negative: negative)
    }

    private static func exact(_ digits: [UInt8], negative: Bool) -> WholeDecimal {
        let limit = negative ? Int64.min.magnitude : Int64.max.magnitude
        var magnitude: UInt64 = 0
        for digit in digits {
            let (tens, overflowTimes) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflowPlus) = tens.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
            guard !overflowTimes, !overflowPlus, sum <= limit else {
                return .outOfRange
            }
            magnitude = sum
        }
        return .whole(negative ? Int64(truncatingIfNeeded: 0 &- magnitude) : Int64(magnitude))
    }

    /// The exponent after `e`/`E` (0 without one), nil for anything else. Its size is capped beyond the length of
    /// any text a request can carry, which keeps the arithmetic from overflowing without changing any answer.
    private static func exponent(_ bytes: Substring.UTF8View.SubSequence) -> Int? {
        guard let marker = bytes.first else {
            return 0
        }
        guard marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") else {
            return nil
        }
        var rest = bytes.dropFirst()
        let negative = rest.first == UInt8(ascii: "-")
        if negative || rest.first == UInt8(ascii: "+") {
            rest = rest.dropFirst()
        }
        guard !rest.isEmpty, rest.allSatisfy(isDigit) else {
            return nil
        }
        let cap = Int(Int32.max)
        var value = 0
        for digit in rest {
            value = min(value * 10 + Int(digit - UInt8(ascii: "0")), cap)
        }
        return negative ? -value : value
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
