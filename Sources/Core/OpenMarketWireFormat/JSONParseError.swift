/// Where and why a request body is not valid JSON. `offset` counts bytes from the start of the body (a UTF-8
/// byte order mark included), the way HTTP tools show bodies.
package struct JSONParseError: Error, Equatable, CustomStringConvertible {
    package let offset: Int
    /// One line: what was expected and what was found there.
    package let message: String

    package var description: String {
        "JSON parse error at byte \(offset): \(message)"
    }
}
