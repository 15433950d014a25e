/// Double-quoted string literals: Swift's, for the files the tool writes, and JSON's, for the documents.
enum Quoting {
    /// A one-line Swift string literal whose value is exactly `text`.
    static func swift(_ text: String) -> String {
        quoted(text, escaping: { $0 < 0x20 || $0 == 0x7F }, as: { "\\u{\(String($0, radix: 16))}" })
    }

    /// A JSON string whose value is exactly `text`.
    static func json(_ text: String) -> String {
        quoted(text, escaping: { $0 < 0x20 }, as: { value in
            let hex = String(value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        })
    }

    /// `"` and `\` escaped, newline, return and tab by name, and the other scalars `isEscaped` picks by `escape`.
    private static func quoted(_ text: String, escaping isEscaped: (UInt32) -> Bool, as escape: (UInt32) -> String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isEscaped(scalar.value): result += escape(scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
