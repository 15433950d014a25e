import OpenMarketHTTPCore
import OpenMarketLocking
import OpenMarketStore

/// Who in the class sent what: attributes each API request to a team, keeps each team's counts, last refusal,
/// recent requests and budget, and the kinds of refusal the class makes, and hands the request on to the team's
/// progress through the course. One lock, held for a few dictionary operations per request; evicted entries are
/// freed after it is released.
final class ClassBook: Sendable {
    let teams: [ClassTeam]
    let progress: ClassProgress
    private let teamByIdentifier: [String: Int]
    /// Bodies a team's ring keeps at most: the class shares 128 MB, each team between 2 and 16 MB.
    let maxBytesPerTeam: Int

    private struct State {
        var activities: [TeamActivity]
        /// The team last seen at each client address.
        var teamByAddress: [String: Int] = [:]
        /// The budgets of addresses no team has been seen at: a loop that never says who it is gets a team's share.
        var budgetByAddress: [String: TeamBudget] = [:]
        /// Per kind: its message and the teams that made it.
        var mistakes: [String: (message: String, teams: Set<Int>, firstSeen: Int)] = [:]
    }

    private let state: Locked<State>

    init(teams: [ClassTeam], progress: ClassProgress) {
        self.teams = teams
        self.progress = progress
        teamByIdentifier = Dictionary(teams.enumerated().map { ($1.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        maxBytesPerTeam = min(16 << 20, max(2 << 20, (128 << 20) / max(teams.count, 1)))
        state = Locked(State(activities: Array(repeating: TeamActivity(), count: teams.count)))
    }

    /// The team whose `identifier` header the request carries, else the team last seen at its client address;
    /// nil when neither says. A request with a team's identifier makes its address that team's.
    func team(of request: Request) -> Int? {
        if let identifier = request.headers["identifier"], let team = teamByIdentifier[identifier] {
            state.withLock { $0.teamByAddress[request.clientAddress] = team }
            return team
        }
        return state.withLock { $0.teamByAddress[request.clientAddress] }
    }

    /// Makes `address` the team's (v1, where requests carry no identifier: the team signs in from its machine).
    func claim(address: String, for team: Int) {
        state.withLock { $0.teamByAddress[address] = team }
    }

    /// Takes one request from the team's budget; nil when allowed, otherwise how long until the next one is.
    func spend(_ team: Int) -> Duration? {
        let now = ContinuousClock.now
        return state.withLock { $0.activities[team].budget.spend(now: now) }
    }

    /// The same for a request no team can be told from, by its client address.
    func spend(address: String) -> Duration? {
        let now = ContinuousClock.now
        return state.withLock { state in
            // Bounded: past this many unknown addresses (not a classroom any more) every such budget starts again.
            if state.budgetByAddress.count >= Self.maxUnknownAddresses, state.budgetByAddress[address] == nil {
                state.budgetByAddress.removeAll(keepingCapacity: true)
            }
            return state.budgetByAddress[address, default: TeamBudget()].spend(now: now)
        }
    }

    static let maxUnknownAddresses = 4096

    /// Counts the exchange for the team, keeps it among its recent ones and reads it for the team's progress.
    func note(_ entry: JournalEntry, team: Int) {
        let mistake = ClassMistake.of(entry)
        // Returned out of the lock, so the evicted entries (many allocations each) are freed after it.
        let evicted = state.withLock { state -> [JournalEntry] in
            state.activities[team].requests += 1
            if let mistake {
                state.activities[team].errors += 1
                state.activities[team].lastRefusal = TeamActivity.Refusal(
                    method: entry.request.method.rawValue, path: entry.request.path, status: entry.status.code,
                    message: entry.errorMessage ?? mistake.message)
                let order = state.mistakes.count
                state.mistakes[mistake.kind, default: (mistake.message, [], order)].teams.insert(team)
            }
            return state.activities[team].keep(entry, maxBytes: maxBytesPerTeam)
        }
        withExtendedLifetime(evicted) {}
        progress.observe(entry, team: team)
    }

    /// The team's recent exchanges, newest first.
    func recent(_ team: Int) -> [JournalEntry] {
        state.withLock { $0.activities[team].recent.newestFirst }
    }

    func recentEntry(id: Int, team: Int) -> JournalEntry? {
        recent(team).first { $0.id == id }
    }

    struct TeamSummary {
        let team: ClassTeam
        let requests: Int
        let errors: Int
        let lastRefusal: TeamActivity.Refusal?
    }

    struct MistakeSummary {
        let kind: String
        let message: String
        let teams: [String]
    }

    /// Every team with its counts, and the kinds of refusal by how many teams made them (ties: first seen first).
    func summary() -> (teams: [TeamSummary], mistakes: [MistakeSummary]) {
        let (activities, mistakes) = state.withLock { ($0.activities, $0.mistakes) }
        let teamSummaries = zip(teams, activities).map { team, activity in
            TeamSummary(team: team, requests: activity.requests, errors: activity.errors, lastRefusal: activity.lastRefusal)
        }
        let ranked = mistakes.sorted { left, right in
            left.value.teams.count != right.value.teams.count
                ? left.value.teams.count > right.value.teams.count : left.value.firstSeen < right.value.firstSeen
        }
        return (teamSummaries, ranked.map { kind, value in
            MistakeSummary(kind: kind, message: value.message, teams: value.teams.sorted().map { teams[$0].name })
        })
    }

    /// The team these credentials sign in, comparing every secret in the same time.
    func team(identifier: String, secret: String) -> Int? {
        guard let index = teamByIdentifier[identifier] else { return nil }
        return AdminAccess.constantTimeEquals(secret, teams[index].account.secret) ? index : nil
    }
}
