import OpenMarketLocking
import OpenMarketStore

/// `POST /__admin/reset`: back to the state right after start, without faults (the latency stays as set). API requests hold the gate shared, a reset holds
/// it alone, so every request sees the store wholly before or wholly after, however many steps the reset takes.
/// Read answers the API cached are keyed on the store's write count, which the reset moves on, so none survives.
struct StateReset: Sendable {
    let store: MarketStore
    let journal: RequestJournal
    let faults: FaultBook
    let gate: ReadWriteLock
    /// Puts the seed data back (`--seed`), supplied by whoever started the server; nil when there is none.
    let reseed: (@Sendable (MarketStore) throws -> Void)?

    func run() throws {
        try gate.withExclusiveLock {
            try store.removeAllProducts()
            try reseed?(store)
            journal.clear()
            faults.removeAll()
        }
    }
}
