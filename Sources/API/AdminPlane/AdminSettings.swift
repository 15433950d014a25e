/// How the admin plane behaves, decided once at startup (`--admin-token`, `--journal`, `--latency`, `--fault-seed`).
package struct AdminSettings: Sendable {
    /// Lets peers other than this machine in when they send `Authorization: Bearer <token>`; nil keeps them out.
    package var token: String?
    /// How many API requests the journal keeps; 0 keeps none.
    package var journalCapacity: Int
    /// How long every API answer waits at start (`--latency`); `PUT /__admin/latency` changes it.
    package var latency: LatencyRange
    /// Seeds the draws of faults' `probability` and of latency (`--fault-seed`); nil: different on every run.
    package var faultSeed: UInt64?

    package init(
        token: String? = nil, journalCapacity: Int = 1000, latency: LatencyRange = .none, faultSeed: UInt64? = nil
    ) {
        self.token = token
        self.journalCapacity = journalCapacity
        self.latency = latency
        self.faultSeed = faultSeed
    }
}
