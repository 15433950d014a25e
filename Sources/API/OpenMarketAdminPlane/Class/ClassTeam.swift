package import OpenMarketStore

/// A team of the class being served: its stored account and who is in it.
package struct ClassTeam: Sendable, Equatable {
    package let account: VendorConfiguration
    package let members: [String]

    package init(account: VendorConfiguration, members: [String]) {
        self.account = account
        self.members = members
    }

    package var name: String { account.name }
    package var identifier: String { account.identifier }
}
