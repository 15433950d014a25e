/// A class team's credentials as stored (`class_teams`): made once, kept for good. On v2 the same identifier and
/// secret are the team's vendor account; on v1 they only sign the team in to its own view.
package struct ClassTeamAccount: Sendable, Equatable {
    package var name: String
    package var identifier: String
    package var secret: String

    package init(name: String, identifier: String, secret: String) {
        self.name = name
        self.identifier = identifier
        self.secret = secret
    }

    /// The team as a vendor, for `upsertVendors`.
    package var vendor: VendorConfiguration {
        VendorConfiguration(name: name, identifier: identifier, secret: secret)
    }
}
