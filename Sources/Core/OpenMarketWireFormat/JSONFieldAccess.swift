/// Lenient reads of one member, as Jackson's coercions let real clients get away with: numbers may come as
/// JSON strings (`"price": "1000"`, spaces around allowed), strings may come as numbers or booleans. An absent
/// member, `null`, and a numeric field holding only spaces all read as nil, so the caller's default applies.
extension JSONObject {
    package func string(_ key: String) throws(JSONFieldError) -> String? {
        switch self[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case .number(let number)?: return number.text
        case .bool(let flag)?: return flag ? "true" : "false"
        case let value?: throw JSONFieldError(key: key, rule: "must be a string", found: value)
        }
    }

    /// Accepts a JSON number or a string holding a decimal number (`1000`, `-9.99`, `1e3`).
    package func double(_ key: String) throws(JSONFieldError) -> Double? {
        guard let member = try numericMember(key, rule: "must be a number (or a numeric string)") else {
            return nil
        }
        guard member.value.isFinite else {
            throw JSONFieldError(key: key, rule: "must be a number within the double range", found: member.shown)
        }
        return member.value
    }

    /// Accepts a whole JSON number (`10`, also `10.0` or `1e3`) or a string holding one; refuses fractions and
    /// values outside Int64, read exactly (never through a double, which would round them).
    package func int64(_ key: String) throws(JSONFieldError) -> Int64? {
        let rule = "must be a whole number (or a numeric string)"
        guard let member = try numericMember(key, rule: rule) else {
            return nil
        }
        switch WholeDecimal(member.text) {
        case .whole(let value)?:
            return value
        case .outOfRange?:
            throw JSONFieldError(key: key, rule: "must be a whole number between \(Int64.min) and \(Int64.max)",
                found: member.shown)
        case .fraction?:
            throw JSONFieldError(key: key, rule: "must be a whole number", found: member.shown)
        case nil:
            throw JSONFieldError(key: key, rule: rule, found: member.shown)
        }
    }

    private struct NumericMember {
        /// The number as written, without surrounding spaces, for exact integer reading.
        let text: Substring
        let value: Double
        /// How messages show it: a JSON number as written, a string quoted.
        let shown: String
    }

    private func numericMember(_ key: String, rule: String) throws(JSONFieldError) -> NumericMember? {
        switch self[key] {
        case nil, .null?:
            return nil
        case .number(let number)?:
            return NumericMember(text: Substring(number.text), value: number.value, shown: number.text)
        case .string(let text)?:
            let trimmed = text.trimmingSpaces
            if trimmed.isEmpty {
                return nil
            }
            guard trimmed.utf8.allSatisfy(Self.isDecimalNumberByte), let value = Double(trimmed) else {
                throw JSONFieldError(key: key, rule: rule, found: .string(text))
            }
            return NumericMember(text: trimmed, value: value, shown: MessageQuoting.quoted(text))
        case let value?:
            throw JSONFieldError(key: key, rule: rule, found: value)
        }
    }

    /// Keeps `Double(_:)` to plain decimals: no `nan`, `inf` or hexadecimal forms.
    private static func isDecimalNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default:
            false
        }
    }
}

/// A member with the wrong type or value, e.g. `"price" must be a number (or a numeric string); found "abc"`.
package struct JSONFieldError: Error, Equatable, CustomStringConvertible {
    package let key: String
    package let message: String

    init(key: String, rule: String, found: String) {
        self.key = key
        message = "\(MessageQuoting.quoted(key)) \(rule); found \(found)"
    }

    init(key: String, rule: String, found value: JSONValue) {
        self.init(key: key, rule: rule, found: value.shownInMessages)
    }

    package var description: String { message }
}

extension StringProtocol {
    /// Without leading and trailing spaces, tabs and line breaks.
    package var trimmingSpaces: SubSequence {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[first...last]
    }
}
