/// A vendor's credentials as configured at startup (`--vendor NAME:IDENTIFIER:SECRET`, `OpenMarketEmulator.Vendor`), or
/// a class team's account (`MarketStore.classTeams`), which is the same three names.
package struct VendorConfiguration: Sendable, Equatable {
    package var name: String
    package var identifier: String
    package var secret: String

    package init(name: String, identifier: String, secret: String) {
        self.name = name
        self.identifier = identifier
        self.secret = secret
    }
}

/// A stored vendor; `id` stays the same across restarts.
package struct Vendor: Sendable, Equatable {
    package var id: Int64
    package var name: String
    package var identifier: String
    package var secret: String
    /// Unix seconds of the first start that configured this vendor.
    package var createdAt: Double

    package init(id: Int64, name: String, identifier: String, secret: String, createdAt: Double) {
        self.id = id
        self.name = name
        self.identifier = identifier
        self.secret = secret
        self.createdAt = createdAt
    }
}
