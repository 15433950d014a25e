/// An error that knows how it is answered: the router sends its status and message (in the generation's error
/// body) for any error of a conforming type, so a domain error such as "product not found" is never a 500.
/// An error of any other type is a bug: it answers 500. Both a 5xx and a bug are logged.
package protocol HTTPResponseError: Error, Sendable {
    var status: HTTPStatus { get }
    /// For the client: what went wrong and how to fix it.
    var message: String { get }
    /// Extra response headers, such as `Allow` on a 405.
    var headers: HTTPHeaders { get }
    /// Which condition it is, as a name that stays the same whatever the message says (`missingIdentifier`); never
    /// sent, kept with the answer for whoever tells errors apart (class mode). Nil when the type names none.
    var kind: String? { get }
}

extension HTTPResponseError {
    package var headers: HTTPHeaders { HTTPHeaders() }
    package var kind: String? { nil }
}
