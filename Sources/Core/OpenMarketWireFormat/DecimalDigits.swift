/// ASCII decimal digits written straight into a byte sink, so numbers never pass through a `String`.
enum DecimalDigits {
    static func count(of value: UInt64) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// Left-pads with zeros up to `minimumWidth` digits (dates need `0007`, `02`).
    static func append(_ value: UInt64, minimumWidth: Int = 1, to sink: inout ByteSink) {
        let width = max(count(of: value), minimumWidth)
        let digits = sink.reserve(width)
        var rest = value
        for index in stride(from: width - 1, through: 0, by: -1) {
            digits[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        sink.commit(width)
    }

    static func append(_ value: Int64, minimumWidth: Int = 1, to sink: inout ByteSink) {
        if value < 0 {
            sink.append(UInt8(ascii: "-"))
        }
        append(value.magnitude, minimumWidth: minimumWidth, to: &sink)
    }
}
