/// A route without its handler: the method and the pattern it was registered with, e.g. `GET /api/products/{id}`.
public struct RouteSignature: Hashable, Sendable, CustomStringConvertible {
    public let method: HTTPMethod
    /// As written at registration: `{name}` is one path segment, `{name...}` the rest of the path.
    public let pattern: String

    public var description: String { "\(method) \(pattern)" }
}
