import OpenMarketLocking

/// What a transport made of a response for its first send, kept for the next sends of the same response: the socket
/// server's ready libmicrohttpd answer, which each send then shares instead of copying the body and headers again.
/// The in-process transport keeps nothing here.
package final class ResponseReuse: Sendable {
    private let made = Locked<(any AnyObject & Sendable)?>(nil)

    package init() {}

    /// The form made before, or the one `make` makes now (nil when it cannot: then the next send tries again).
    package func form<Form: AnyObject & Sendable>(_ make: () -> Form?) -> Form? {
        made.withLock { made in
            if let existing = made as? Form { return existing }
            let form = make()
            if let form { made = form }
            return form
        }
    }
}
