/// A route without its handler: the method and the pattern it was registered with, e.g. `GET /api/products/{id}`.
package struct RouteSignature: Hashable, Sendable, CustomStringConvertible {
    package let method: HTTPMethod
    /// As written at registration: `{name}` is one path segment, `{name...}` the rest of the path.
    package let pattern: String

    package var description: String { "\(method) \(pattern)" }
}
