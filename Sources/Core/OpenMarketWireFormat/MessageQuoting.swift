/// Request text shown inside an error message: JSON-quoted, so invisible characters become visible, and cut
/// short so one huge value cannot flood a response or a log line. The cut counts what is shown: an escape such as
/// `\u0004` counts as its six characters, so text of control characters is not six times as long as other text.
package enum MessageQuoting {
    static let maximumCharacters = 40

    package static func quoted(_ text: String) -> String {
        var width = 0
        let cut = text.indices.first { index in
            width += shownWidth(text[index])
            return width > maximumCharacters
        }
        let shown = cut.map { String(text[..<$0]) + "…" } ?? text
        var sink = ByteSink(capacity: shown.utf8.count + 8)
        JSONStringEscaping.appendQuoted(shown, to: &sink)
        return sink.text
    }

    /// How many characters `character` takes once quoted (as `JSONStringEscaping` writes it).
    private static func shownWidth(_ character: Character) -> Int {
        guard character.isASCII else { return 1 }
        return character.utf8.reduce(0) { width, byte in
            switch byte {
            case 0x08, 0x09, 0x0A, 0x0C, 0x0D, UInt8(ascii: "\""), UInt8(ascii: "\\"): width + 2
            case ..<0x20: width + 6
            default: width + 1
            }
        }
    }
}
