import OpenMarketHTTPCore
import OpenMarketLocking

/// The last API requests and their answers, in memory: at most `capacity` entries and `maxBytes` of bodies, each
/// body kept up to `bodyCap` bytes, the oldest going first. Ids grow with every request recorded and are never
/// reused while the server runs, not even after a clear.
final class RequestJournal: Sendable {
    /// All kept bodies together stay under this: 64 MiB, or room for one request and answer at a raised cap.
    let maxBytes: Int
    /// Each body is kept up to this many bytes (`--journal-body-bytes`).
    let bodyCap: Int

    private struct State {
        var entries: EntryRing
        var bytes = 0
        var lastID = 0
        var clock = JournalClock()
    }

    private let state: Locked<State>?
    let capacity: Int
    /// Replaced in requests' Authorization headers, so the admin token never shows in the journal.
    private let redactedToken: String?
    /// Different in every run, so a page open across a restart sees a new journal.
    private let identity = UInt32.random(in: 0...UInt32.max)

    init(capacity: Int, bodyCap: Int = KeptBody.defaultCap, redactedToken: String?) {
        self.capacity = capacity
        self.bodyCap = bodyCap
        maxBytes = max(64 << 20, 2 * bodyCap)
        self.redactedToken = redactedToken
        state = capacity > 0 ? Locked(State(entries: EntryRing(capacity: capacity))) : nil
    }

    var isEnabled: Bool { state != nil }

    var count: Int {
        state?.withLock { $0.entries.count } ?? 0
    }

    /// Runs `answer` and keeps the exchange, handing it to `kept` too (the class book's team view). The bodies are
    /// copied only when over the per-body cap.
    func record(
        _ request: Request, answer: (Request) -> Response, kept: ((JournalEntry) -> Void)? = nil
    ) -> Response {
        guard let state else { return answer(request) }
        let started = JournalClock.monotonicNanoseconds()
        let response = answer(request)
        let durationMicros = Int((JournalClock.monotonicNanoseconds() &- started) / 1_000)
        let redactedHeaders = redactedToken.flatMap { redacted(request.headers, token: $0) }
        let requestBody = KeptBody(request.body, cap: bodyCap)
        let keptResponse = JournalEntry.kept(response, bodyCap: bodyCap)
        // The usual eviction comes back out of the lock and is freed here, after it: an entry holds many allocations.
        let (entry, evicted) = state.withLock { state -> (JournalEntry, JournalEntry?) in
            state.lastID += 1
            let entry = JournalEntry(
                id: state.lastID, time: state.clock.wallSeconds(atMonotonic: started), durationMicros: durationMicros,
                request: request, redactedHeaders: redactedHeaders, requestBody: requestBody, response: keptResponse)
            var firstEvicted: JournalEntry?
            while state.entries.count == state.entries.capacity || state.bytes + entry.cost > maxBytes,
                let oldest = state.entries.removeOldest()
            {
                state.bytes -= oldest.cost
                firstEvicted = firstEvicted ?? oldest
            }
            state.entries.append(entry)
            state.bytes += entry.cost
            return (entry, firstEvicted)
        }
        withExtendedLifetime(evicted) {}
        kept?(entry)
        return response
    }

    /// Newest first.
    func entries() -> [JournalEntry] {
        snapshot().entries
    }

    /// The entries, newest first, with the last id given, taken together.
    func snapshot() -> JournalSnapshot {
        state?.withLock { JournalSnapshot(journal: identity, entries: $0.entries.newestFirst, latestID: $0.lastID) }
            ?? JournalSnapshot(journal: identity, entries: [], latestID: 0)
    }

    /// What the journal holds, without copying it: cheap enough for a page polling every second.
    func version() -> JournalVersion {
        state?.withLock { JournalVersion(journal: identity, latestID: $0.lastID, oldestID: $0.entries.oldest?.id) }
            ?? JournalVersion(journal: identity, latestID: 0, oldestID: nil)
    }

    func entry(id: Int) -> JournalEntry? {
        entries().first { $0.id == id }
    }

    func clear() {
        state?.withLock { state in
            state.entries.removeAll()
            state.bytes = 0
        }
    }

    /// The headers with the admin token taken out; nil when none carries it.
    private func redacted(_ headers: HTTPHeaders, token: String) -> HTTPHeaders? {
        guard headers.contains(where: { $0.value.contains(token) }) else { return nil }
        return HTTPHeaders(headers.map { field in
            (field.name, field.value.contains(token) ? "[admin token removed]" : field.value)
        })
    }
}
