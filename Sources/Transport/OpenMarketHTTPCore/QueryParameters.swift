/// `application/x-www-form-urlencoded` query parameters: `+` is a space and `%XX` is a byte, as Java servlets
/// decode them, so `search_value=a+b` and `search_value=a%20b` mean the same.
package struct QueryParameters: Sendable {
    private let pairs: [(name: String, value: String)]

    package init(_ query: String) {
        pairs = query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentDecoding.decode(parts[0], plusIsSpace: true)
            let value = parts.count > 1 ? PercentDecoding.decode(parts[1], plusIsSpace: true) : ""
            return (name, value)
        }
    }

    /// Every pair in order, repeats included.
    package var all: [(name: String, value: String)] { pairs }

    package subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }
}
