/// How a double goes on the wire. Both use the shortest digits that read back as the same double.
public enum DoubleStyle: Sendable {
    /// Java's `Double.toString` (JDK 19+), which Jackson used for the v2 prices: plain decimal with at least
    /// one fractional digit for 10^-3 <= |x| < 10^7 (`1000.0`, `0.001`), otherwise `d.dddE±n` (`6.6666666E7`,
    /// `1.0E-4`); `-0.0`, `NaN`, `Infinity`, `-Infinity`.
    case java
    /// Swift's `description` as Vapor wrote v1's `registration_date` (`1611523563.7237701`), but always as a
    /// plain decimal: Swift itself switches to an exponent below 10^-4 and above 2^53, which no clock reaches.
    case swiftPlain

    public func format(_ value: Double) -> String {
        var buffer: [UInt8] = []
        append(value, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    public func append(_ value: Double, to buffer: inout [UInt8]) {
        guard value.isFinite else {
            buffer.append(literal: value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity")
            return
        }
        if value.sign == .minus {
            buffer.append(UInt8(ascii: "-"))
        }
        guard value != 0 else {
            buffer.append(literal: "0.0")
            return
        }
        let decimal = ShortestDecimal(of: value.magnitude)
        // With the digits d1...dn, the value is 0.d1...dn × 10^pointPosition.
        let pointPosition = decimal.digitCount + decimal.exponent
        switch self {
        case .java where pointPosition > 7 || pointPosition <= -3:
            appendScientific(decimal, pointPosition: pointPosition, to: &buffer)
        case .java, .swiftPlain:
            appendPlain(decimal, pointPosition: pointPosition, to: &buffer)
        }
    }

    private func appendPlain(_ decimal: ShortestDecimal, pointPosition: Int, to buffer: inout [UInt8]) {
        if pointPosition <= 0 {
            buffer.append(literal: "0.")
            buffer.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: -pointPosition))
            DecimalDigits.append(decimal.significand, to: &buffer)
            return
        }
        let digitsStart = buffer.count
        DecimalDigits.append(decimal.significand, to: &buffer)
        let integerDigits = buffer.count - digitsStart
        if pointPosition >= integerDigits {
            buffer.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: pointPosition - integerDigits))
            buffer.append(literal: ".0")
        } else {
            buffer.insert(UInt8(ascii: "."), at: digitsStart + pointPosition)
        }
    }

    private func appendScientific(_ decimal: ShortestDecimal, pointPosition: Int, to buffer: inout [UInt8]) {
        let digitsStart = buffer.count
        DecimalDigits.append(decimal.significand, to: &buffer)
        if buffer.count - digitsStart == 1 {
            buffer.append(UInt8(ascii: "0"))
        }
        buffer.insert(UInt8(ascii: "."), at: digitsStart + 1)
        buffer.append(UInt8(ascii: "E"))
        DecimalDigits.append(Int64(pointPosition - 1), to: &buffer)
    }
}
