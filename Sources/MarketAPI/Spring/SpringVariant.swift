import HTTPServer

/// What one Spring generation (v2a, v2b) adds to the endpoints they share: its name, its dialect and its own
/// delete flow. A new Spring generation is one type conforming to this and a `SpringGeneration` of it.
public protocol SpringVariant: Sendable {
    static var name: String { get }
    static var dialect: any SpringDialect { get }
    /// Registers the routes only this generation has, after the shared ones.
    static func registerOwnRoutes(on router: inout Router, api: SpringAPI)
}
