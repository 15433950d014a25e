/// A header value shaped `type; name=value; name="quoted value"` (RFC 9110 §5.6.6), read leniently:
/// spaces may surround `;` and `=`, names are compared without regard to ASCII case, and an
/// unterminated quoted string runs to the end of the value.
struct ParameterizedValue {
    /// The part before the first `;`, trimmed, as sent.
    var type: String
    /// Parameters in the order sent, names lowercased.
    var parameters: [(name: String, value: String)]

    init(_ text: some Collection<UInt8>) {
        let bytes = Array(text)
        var index = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
        type = headerText(trimmingWhitespace(bytes[..<index]))
        parameters = []
        while index < bytes.endIndex {
            index += 1
            let nameEnd = bytes[index...].firstIndex { $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: ";") }
                ?? bytes.endIndex
            let name = trimmingWhitespace(bytes[index..<nameEnd])
            index = nameEnd
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "=") else { continue }
            let (value, valueEnd) = Self.value(in: bytes, from: index + 1)
            index = valueEnd
            if !name.isEmpty {
                parameters.append((headerText(name.map(ASCII.lowercased)), headerText(value)))
            }
        }
    }

    /// The first parameter called `name` (lowercase).
    func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// A parameter value starting at `start` and the index of the `;` (or end) after it.
    private static func value(in bytes: [UInt8], from start: Int) -> (value: [UInt8], end: Int) {
        var index = bytes[start...].firstIndex { !ASCII.isWhitespace($0) } ?? bytes.endIndex
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "\"") else {
            let end = bytes[index...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
            return (Array(trimmingWhitespace(bytes[index..<end])), end)
        }
        var value: [UInt8] = []
        index += 1
        while index < bytes.endIndex, bytes[index] != UInt8(ascii: "\"") {
            // Only \" and \\ are escapes: Windows paths such as C:\photos\a.jpg keep their backslashes.
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.endIndex,
                bytes[index + 1] == UInt8(ascii: "\"") || bytes[index + 1] == UInt8(ascii: "\\")
            {
                index += 1
            }
            value.append(bytes[index])
            index += 1
        }
        let end = bytes[index...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
        return (value, end)
    }
}
