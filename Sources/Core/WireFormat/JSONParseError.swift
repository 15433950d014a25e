/// Where and why a request body is not valid JSON. `offset` counts bytes from the start of the body (a UTF-8
/// byte order mark included), the way HTTP tools show bodies.
public struct JSONParseError: Error, Equatable, CustomStringConvertible {
    public let offset: Int
    /// One line: what was expected and what was found there.
    public let message: String

    public var description: String {
        "JSON parse error at byte \(offset): \(message)"
    }
}
