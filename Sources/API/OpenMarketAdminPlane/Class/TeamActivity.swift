import OpenMarketHTTPCore

/// What the class book keeps of one team: counts over the session, its last refusal, its recent requests (its own
/// ring, so another team's flood never pushes them out of the journal) and its budget.
struct TeamActivity {
    /// Each team's own ring keeps this many of its requests.
    static let recentCapacity = 100

    var requests = 0
    var errors = 0
    var lastRefusal: Refusal?
    var recent = EntryRing(capacity: recentCapacity)
    var recentBytes = 0
    var budget = TeamBudget()

    struct Refusal: Sendable {
        let method: String
        let path: String
        let status: Int
        let message: String
    }

    /// Keeps `entry` among the recent ones, dropping the oldest past the ring's size or `maxBytes` of bodies.
    mutating func keep(_ entry: JournalEntry, maxBytes: Int) -> [JournalEntry] {
        var evicted: [JournalEntry] = []
        while recent.count == recent.capacity || (recentBytes + entry.cost > maxBytes && recent.count > 0),
            let oldest = recent.removeOldest()
        {
            recentBytes -= oldest.cost
            evicted.append(oldest)
        }
        recent.append(entry)
        recentBytes += entry.cost
        return evicted
    }
}
