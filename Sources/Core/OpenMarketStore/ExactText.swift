/// A string that equals another only when their UTF-8 bytes do, as SQLite compares them. Swift's own `==` holds
/// canonically equivalent strings equal ("é" as one scalar, and "e" with a combining accent), but a search
/// matches bytes: a key of anything a search or a request target decides must not merge them. Wraps the string,
/// so making one allocates nothing.
package struct ExactText: Hashable, Sendable {
    package let text: String

    package init(_ text: String) {
        self.text = text
    }

    package static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(text.utf8.count)
        for byte in text.utf8 { hasher.combine(byte) }
    }
}
