/// A vendor as configured at startup (`--vendor NAME:IDENTIFIER:SECRET`).
public struct VendorConfiguration: Sendable, Equatable {
    public var name: String
    public var identifier: String
    public var secret: String

    public init(name: String, identifier: String, secret: String) {
        self.name = name
        self.identifier = identifier
        self.secret = secret
    }
}

/// Hashable so apps can keep configurations in sets (`OpenMarketEmulator.Vendor` is this type).
extension VendorConfiguration: Hashable {}

/// A stored vendor; `id` stays the same across restarts.
public struct Vendor: Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var identifier: String
    public var secret: String
    /// Unix seconds of the first start that configured this vendor.
    public var createdAt: Double

    public init(id: Int64, name: String, identifier: String, secret: String, createdAt: Double) {
        self.id = id
        self.name = name
        self.identifier = identifier
        self.secret = secret
        self.createdAt = createdAt
    }
}
