#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
        guard lhs.text.utf8.count == rhs.text.utf8.count else { return false }
        return lhs.withBytes { left in
            rhs.withBytes { right in left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
        }
    }

    package func hash(into hasher: inout Hasher) {
        withBytes { hasher.combine(bytes: $0) }
    }

    /// The text's UTF-8 bytes in place (a native string's, as nearly all are), else a copy: a byte at a time through
    /// the UTF-8 view cost a cache lookup more than the rest of its key.
    private func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        return Array(text.utf8).withUnsafeBytes(body)
    }
}
