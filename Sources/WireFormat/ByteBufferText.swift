extension Array where Element == UInt8 {
    /// Appends a literal's bytes without building a `String` or a temporary array.
    mutating func append(literal text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}
