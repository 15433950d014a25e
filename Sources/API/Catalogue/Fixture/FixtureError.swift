/// What is wrong with a fixture file, at the JSON path where it is wrong: `products[3].price: expected a number,
/// found "abc"`.
public struct FixtureError: Error, Equatable, CustomStringConvertible {
    /// `products[3].price`; empty for the file as a whole.
    public let path: String
    public let message: String

    public init(_ path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
