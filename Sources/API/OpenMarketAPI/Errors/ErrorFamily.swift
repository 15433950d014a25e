package import OpenMarketHTTPCore

/// How a generation's errors look on the wire: the body that carries a message and the words the message uses.
package enum ErrorFamily: Sendable, CaseIterable {
    /// v2 (Spring Boot): `{"code": <status>, "message": "..."}`; a product is a "product".
    case spring
    /// v1a (Vapor's default): `{"error": true, "reason": "..."}`; a product is an "item".
    case vapor
    /// v1b: `{"message": "..."}` and nothing else, in v1's words, with the real server's text for a wrong password
    /// (docs/wire-format.md §6.9): two v1b apps parsed only that shape.
    case v1b

    /// The body of every error of a server of this family, router and shim errors included.
    package func render(_ error: HTTPError) -> Response {
        switch self {
        case .spring: SpringErrorBody.render(error)
        case .vapor: VaporErrorBody.render(error)
        case .v1b: V1bErrorBody.render(error)
        }
    }

    /// What the family calls a product.
    var productNoun: String {
        switch self {
        case .spring: "product"
        case .vapor, .v1b: "item"
        }
    }

    /// The indefinite article before `productNoun`.
    var productArticle: String {
        switch self {
        case .spring: "a"
        case .vapor, .v1b: "an"
        }
    }

    /// The request key of a product text: v1 sent `title` and `descriptions`. (v2a's `descriptions` is one of two
    /// keys it reads; its rules name the one both v2 generations read.)
    func key(of text: APIError.ProductText) -> String {
        switch (self, text) {
        case (.spring, .name): "name"
        case (.spring, .description): "description"
        case (.vapor, .name), (.v1b, .name): "title"
        case (.vapor, .description), (.v1b, .description): "descriptions"
        }
    }
}
