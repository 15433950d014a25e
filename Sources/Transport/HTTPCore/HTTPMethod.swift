/// A request method. Clients may send any token, so this is open like a string, with the methods the routes use
/// as constants. Methods are case-sensitive (RFC 9110 §9.1): `get` is not `GET`.
public struct HTTPMethod: Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let get = HTTPMethod("GET")
    public static let head = HTTPMethod("HEAD")
    public static let post = HTTPMethod("POST")
    public static let put = HTTPMethod("PUT")
    public static let patch = HTTPMethod("PATCH")
    public static let delete = HTTPMethod("DELETE")
}
