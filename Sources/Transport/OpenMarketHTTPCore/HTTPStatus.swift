/// A response status: the code sent on the wire and the reason phrase that names it in logs and messages.
/// (libmicrohttpd writes its own reason phrase on the status line; it matches these.)
package struct HTTPStatus: Sendable, Hashable, CustomStringConvertible {
    package let code: Int
    package let reasonPhrase: String

    package init(code: Int, reasonPhrase: String) {
        self.code = code
        self.reasonPhrase = reasonPhrase
    }

    package var description: String { "\(code) \(reasonPhrase)" }

    package static let ok = HTTPStatus(code: 200, reasonPhrase: "OK")
    package static let created = HTTPStatus(code: 201, reasonPhrase: "Created")
    package static let accepted = HTTPStatus(code: 202, reasonPhrase: "Accepted")
    package static let noContent = HTTPStatus(code: 204, reasonPhrase: "No Content")
    package static let badRequest = HTTPStatus(code: 400, reasonPhrase: "Bad Request")
    package static let unauthorized = HTTPStatus(code: 401, reasonPhrase: "Unauthorized")
    package static let forbidden = HTTPStatus(code: 403, reasonPhrase: "Forbidden")
    package static let notFound = HTTPStatus(code: 404, reasonPhrase: "Not Found")
    package static let methodNotAllowed = HTTPStatus(code: 405, reasonPhrase: "Method Not Allowed")
    package static let conflict = HTTPStatus(code: 409, reasonPhrase: "Conflict")
    package static let contentTooLarge = HTTPStatus(code: 413, reasonPhrase: "Content Too Large")
    package static let uriTooLong = HTTPStatus(code: 414, reasonPhrase: "URI Too Long")
    package static let requestHeaderFieldsTooLarge = HTTPStatus(code: 431, reasonPhrase: "Request Header Fields Too Large")
    package static let internalServerError = HTTPStatus(code: 500, reasonPhrase: "Internal Server Error")
    package static let serviceUnavailable = HTTPStatus(code: 503, reasonPhrase: "Service Unavailable")
    package static let httpVersionNotSupported = HTTPStatus(code: 505, reasonPhrase: "HTTP Version Not Supported")
    package static let insufficientStorage = HTTPStatus(code: 507, reasonPhrase: "Insufficient Storage")
}
