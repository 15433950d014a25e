/// What is wrong with a fixture file, at the JSON path where it is wrong: `products[3].price: expected a number,
/// found "abc"`.
package struct FixtureError: Error, Equatable, CustomStringConvertible {
    /// `products[3].price`; empty for the file as a whole.
    package let path: String
    package let message: String

    package init(_ path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    package var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
