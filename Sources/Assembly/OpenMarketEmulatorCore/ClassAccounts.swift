import OpenMarketAdminPlane
import OpenMarketStore
import OpenMarketWireFormat

/// A class's accounts: each team of the roster keeps the credentials stored for it, and a team new to the store gets
/// new ones, an identifier of the real server's form (a time-based UUID) and a random secret.
enum ClassAccounts {
    static let secretLength = 16

    static func teams(of roster: ClassRoster, in store: MarketStore, now: Double) throws -> [ClassTeam] {
        let identifiers = TimeBasedUUIDGenerator()
        let accounts = try store.classTeams(named: roster.teams.map(\.name), now: now) {
            (identifiers.next().lowercaseDashed, newSecret())
        }
        return zip(roster.teams, accounts).map { ClassTeam(account: $1, members: $0.members) }
    }

    /// Lowercase letters and digits without the look-alikes (0/o, 1/l), so a student can type it off paper.
    static func newSecret() -> String {
        let alphabet = Array("abcdefghijkmnpqrstuvwxyz23456789")
        var random = SystemRandomNumberGenerator()
        return String((0..<secretLength).map { _ in alphabet[Int(random.next(upperBound: UInt64(alphabet.count)))] })
    }
}
