/// Where a body may end. RFC 2046 ends it with the close delimiter (`--boundary--`); the v1 servers (Vapor 4,
/// whose MultipartKit completes a part at the next delimiter and never asks for the close one) also took a body
/// that stops right after a delimiter line, and a real v1a client sends every body that way.
package enum MultipartEnding: Sendable, Equatable {
    /// Only the close delimiter ends the body (Tomcat behind v2).
    case closeDelimiter
    /// The close delimiter, or the end of the body right after a delimiter line's CRLF: the parts before it count
    /// as if the close delimiter had been there. A body that stops anywhere else is still refused.
    case closeDelimiterOrLastDelimiterLine
}
