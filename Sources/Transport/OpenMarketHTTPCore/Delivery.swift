/// How an answer reaches the client: sent as usual, or broken the ways a real network breaks it (fault injection).
/// The answer is made first either way, so whatever the handler wrote stays written.
package enum Delivery: String, Sendable {
    case send
    /// The connection is closed without a byte of the answer.
    case drop
    /// The connection is reset (TCP RST).
    case reset
    /// The headers with the whole body's Content-Length, then half the body, then the connection is closed.
    case truncate
}
