public import Foundation

/// Where the client connects and whose vendor account it writes with.
public struct OpenMarketConfiguration: Sendable, Hashable {
    /// The server's base URL, e.g. `http://localhost:8080`; API paths are appended to its path.
    public var baseURL: URL
    /// The vendor account for create, patch and delete; `nil` for a read-only client.
    public var credentials: VendorCredentials?
    /// The emulator's `--admin-token`, sent as `Authorization: Bearer` by the ``OpenMarketAdmin`` calls. Loopback
    /// clients need none; a device on the network (a phone, another container) does.
    public var adminToken: String?

    /// Creates a configuration.
    public init(baseURL: URL, credentials: VendorCredentials? = nil, adminToken: String? = nil) {
        self.baseURL = baseURL
        self.credentials = credentials
        self.adminToken = adminToken
    }
}

/// A vendor account, as handed out by the server's operator.
public struct VendorCredentials: Sendable, Hashable {
    /// Sent in the `identifier` header of every write call.
    public var identifier: String
    /// The vendor password, sent in the JSON body of write calls (never in a header).
    public var secret: String

    /// Creates credentials from the vendor's identifier and secret.
    public init(identifier: String, secret: String) {
        self.identifier = identifier
        self.secret = secret
    }
}
