package import OpenMarketAPI
package import OpenMarketHTTPTestSupport

extension Generation {
    /// The keys of the generation's error body, in order: `code, message` (v2), `error, reason` (v1a) or `message`
    /// alone (v1b).
    package var errorKeys: [String] {
        switch errors {
        case .spring: ["code", "message"]
        case .vapor: ["error", "reason"]
        case .v1b: ["message"]
        }
    }

    /// Whether the body is exactly the generation's error body: its keys in order, and v1a's `error` true.
    package func isErrorBody(_ response: RawResponse) -> Bool {
        response.keyOrder == errorKeys && (errors != .vapor || response.json["error"] as? Bool == true)
    }

    /// The message of one of the generation's error answers.
    package func errorMessage(_ response: RawResponse) -> String? {
        response.json[errorKeys.last ?? ""] as? String
    }
}
