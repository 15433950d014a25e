public import Foundation

/// Everything an ``OpenMarketClient`` call can fail with.
public enum OpenMarketError: Error, Sendable {
    /// The request did not get an HTTP response: no connection, a timeout, cancellation.
    case transport(any Error)
    /// The server answered with a status the call does not expect.
    case httpStatus(HTTPStatusFailure)
    /// The response body does not have the shape the call expects.
    case decoding(DecodingFailure)
    /// A write call was made with a configuration that has no ``VendorCredentials``.
    case missingCredentials
    /// The request could not be built, e.g. a price that is not a finite number.
    case invalidRequest(reason: String)
    /// The emulator's admin API refused a call, saying why and how to fix it.
    case adminRefused(AdminFailure)
    /// ``OpenMarketAdmin/waitForSentRequest(_:timeout:)`` saw no matching request in time; its description says
    /// what was waited for and lists the requests that did arrive.
    case sentRequestTimedOut(SentRequestTimeout)
}

/// A response whose status the call did not expect, with the server's explanation.
public struct HTTPStatusFailure: Sendable, Hashable {
    /// The HTTP status code, e.g. `404`.
    public let statusCode: Int
    /// The server's explanation from its error body: `message` of v2's `{"code", "message"}` and v1b's
    /// `{"message"}`, `reason` of v1a's `{"error", "reason"}`; `nil` when the body is none of these.
    public let message: String?
    /// The raw response body.
    public let body: Data

    /// Reads the server's error body, if the response carries one.
    public init(statusCode: Int, body: Data) {
        self.statusCode = statusCode
        self.body = body
        let error = try? JSONDecoder().decode(ServerErrorBody.self, from: body)
        message = error?.message ?? error?.reason
    }
}

/// A response body that does not decode, and where in it the problem is.
public struct DecodingFailure: Sendable, Hashable {
    /// The path to the offending value, e.g. `pages[3].price`; empty for the body as a whole.
    public let keyPath: String
    /// What was wrong there.
    public let reason: String

    /// Creates a failure at a key path.
    public init(keyPath: String, reason: String) {
        self.keyPath = keyPath
        self.reason = reason
    }

    /// Locates a `DecodingError` in the body; a missing key is part of the path.
    init(_ error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self.init(codingPath: context.codingPath + [key], reason: context.debugDescription)
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            self.init(codingPath: context.codingPath, reason: context.debugDescription)
        @unknown default:
            self.init(keyPath: "", reason: String(describing: error))
        }
    }

    private init(codingPath: [any CodingKey], reason: String) {
        let keyPath = codingPath.reduce(into: "") { path, key in
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        self.init(keyPath: keyPath, reason: reason)
    }
}

/// The error bodies of every generation: `message` (v2, v1b) or `reason` (v1a).
private struct ServerErrorBody: Decodable {
    let message: String?
    let reason: String?
}

/// An admin call the emulator refused with a 4xx and its `{"error": "..."}` body.
public struct AdminFailure: Sendable, Hashable {
    /// The HTTP status code, e.g. `400` for bad input, `403` for a missing or wrong admin token.
    public let statusCode: Int
    /// What was wrong and how to fix it, as the emulator wrote it.
    public let message: String

    /// Creates a failure, e.g. for tests of code that handles one.
    public init(statusCode: Int, message: String) {
        self.statusCode = statusCode
        self.message = message
    }

    /// The admin reading of a refused call; `nil` when the body is not an admin error (an emulator started with
    /// `--no-admin` answers `/__admin` paths with the generation's own 404).
    init?(_ failure: HTTPStatusFailure) {
        guard let body = try? JSONDecoder().decode(AdminErrorBody.self, from: failure.body) else { return nil }
        self.init(statusCode: failure.statusCode, message: body.error)
    }
}

private struct AdminErrorBody: Decodable {
    let error: String
}
