/// Request text shown inside an error message: JSON-quoted, so invisible characters become visible, and cut
/// short so one huge value cannot flood a response or a log line.
package enum MessageQuoting {
    static let maximumCharacters = 40

    package static func quoted(_ text: String) -> String {
        let shown = text.count > maximumCharacters ? String(text.prefix(maximumCharacters)) + "…" : text
        var sink = ByteSink(capacity: shown.utf8.count + 8)
        JSONStringEscaping.appendQuoted(shown, to: &sink)
        return sink.text
    }
}
