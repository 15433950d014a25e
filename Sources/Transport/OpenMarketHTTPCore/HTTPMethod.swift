/// A request method. Clients may send any token, so this is open like a string, with the methods the routes use
/// as constants. Methods are case-sensitive (RFC 9110 §9.1): `get` is not `GET`.
package struct HTTPMethod: Sendable, Hashable, CustomStringConvertible {
    package let rawValue: String

    package init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    package var description: String { rawValue }

    package static let get = HTTPMethod("GET")
    package static let head = HTTPMethod("HEAD")
    package static let post = HTTPMethod("POST")
    package static let put = HTTPMethod("PUT")
    package static let patch = HTTPMethod("PATCH")
    package static let delete = HTTPMethod("DELETE")
}
