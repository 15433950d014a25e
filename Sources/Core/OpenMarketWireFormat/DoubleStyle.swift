/// How a double goes on the wire. Both use the shortest digits that read back as the same double.
package enum DoubleStyle: Sendable {
    /// Java's `Double.toString` (JDK 19+), which Jackson used for the v2 prices: plain decimal with at least
    /// one fractional digit for 10^-3 <= |x| < 10^7 (`1000.0`, `0.001`), otherwise `d.dddE±n` (`6.6666666E7`,
    /// `1.0E-4`); `-0.0`, `NaN`, `Infinity`, `-Infinity`.
    case java
    /// Swift's `description` as Vapor wrote v1's `registration_date` (`1611523563.7237701`), but always as a
    /// plain decimal: Swift itself switches to an exponent below 10^-4 and above 2^53, which no clock reaches.
    case swiftPlain

    package func format(_ value: Double) -> String {
        var sink = ByteSink(capacity: 32)
        append(value, to: &sink)
        return sink.text
    }

    func append(_ value: Double, to sink: inout ByteSink) {
        guard value.isFinite else {
            sink.append(literal: value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity")
            return
        }
        if value.sign == .minus {
            sink.append(UInt8(ascii: "-"))
        }
        guard value != 0 else {
            sink.append(literal: "0.0")
            return
        }
        let decimal = ShortestDecimal(of: value.magnitude)
        // With the digits d1...dn, the value is 0.d1...dn × 10^pointPosition.
        let pointPosition = decimal.digitCount + decimal.exponent
        switch self {
        case .java where pointPosition > 7 || pointPosition <= -3:
            appendScientific(decimal, pointPosition: pointPosition, to: &sink)
        case .java, .swiftPlain:
            appendPlain(decimal, pointPosition: pointPosition, to: &sink)
        }
    }

    private func appendPlain(_ decimal: ShortestDecimal, pointPosition: Int, to sink: inout ByteSink) {
        if pointPosition <= 0 {
            sink.append(literal: "0.")
            sink.append(UInt8(ascii: "0"), times: -pointPosition)
            DecimalDigits.append(decimal.significand, to: &sink)
            return
        }
        let digitCount = decimal.digitCount
        DecimalDigits.append(decimal.significand, to: &sink)
        if pointPosition >= digitCount {
            sink.append(UInt8(ascii: "0"), times: pointPosition - digitCount)
            sink.append(literal: ".0")
        } else {
            sink.insert(UInt8(ascii: "."), distanceFromEnd: digitCount - pointPosition)
        }
    }

    private func appendScientific(_ decimal: ShortestDecimal, pointPosition: Int, to sink: inout ByteSink) {
        let digitCount = decimal.digitCount
        DecimalDigits.append(decimal.significand, to: &sink)
        if digitCount == 1 {
            sink.append(UInt8(ascii: "0"))
        }
        sink.insert(UInt8(ascii: "."), distanceFromEnd: max(digitCount - 1, 1))
        sink.append(UInt8(ascii: "E"))
        DecimalDigits.append(Int64(pointPosition - 1), to: &sink)
    }
}
