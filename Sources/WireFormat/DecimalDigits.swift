/// ASCII decimal digits appended straight into a byte buffer, so numbers never pass through a `String`.
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
    static func append(_ value: UInt64, minimumWidth: Int = 1, to buffer: inout [UInt8]) {
        let width = max(count(of: value), minimumWidth)
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width))
        var rest = value
        var index = start + width - 1
        while rest > 0 {
            buffer[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
            index -= 1
        }
    }

    static func append(_ value: Int64, minimumWidth: Int = 1, to buffer: inout [UInt8]) {
        if value < 0 {
            buffer.append(UInt8(ascii: "-"))
        }
        append(value.magnitude, minimumWidth: minimumWidth, to: &buffer)
    }
}
