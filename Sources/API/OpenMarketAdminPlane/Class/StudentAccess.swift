import OpenMarketHTTPCore
import OpenMarketWireFormat

/// How a student signs in to the team's own view: HTTP Basic, the team's identifier as the user and its secret as
/// the password. Anything else is a 401 that makes a browser ask.
enum StudentAccess {
    static let challenge = "Basic realm=\"OpenMarket class: your team's identifier and secret\", charset=\"UTF-8\""

    static func team(of request: Request, in book: ClassBook) throws(AdminError) -> Int {
        guard let authorization = request.headers["Authorization"] else {
            throw refusal("sign in with your team's identifier as the user name and its secret as the password "
                + "(HTTP Basic), as on your handout")
        }
        guard let (identifier, secret) = credentials(authorization), let team = book.team(identifier: identifier, secret: secret)
        else {
            throw refusal("that identifier and secret do not sign in a team of this class; copy both from your "
                + "handout (identifier as the user name, secret as the password)")
        }
        return team
    }

    /// `Basic base64(user:password)`; nil for anything else.
    static func credentials(_ authorization: String) -> (String, String)? {
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic",
            let decoded = try? StandardBase64.decode(String(parts[1].trimmingSpaces)),
            let text = String(validating: decoded, as: UTF8.self),
            let colon = text.firstIndex(of: ":")
        else { return nil }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    private static func refusal(_ message: String) -> AdminError {
        AdminError(.unauthorized, message, headers: HTTPHeaders([("WWW-Authenticate", challenge)]))
    }
}
