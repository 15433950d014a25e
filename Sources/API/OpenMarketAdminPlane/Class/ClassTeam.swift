package import OpenMarketStore

/// A team of the class being served: its stored account and who is in it.
package struct ClassTeam: Sendable, Equatable {
    package let account: ClassTeamAccount
    package let members: [String]

    package init(account: ClassTeamAccount, members: [String]) {
        self.account = account
        self.members = members
    }

    package var name: String { account.name }
    package var identifier: String { account.identifier }
}
