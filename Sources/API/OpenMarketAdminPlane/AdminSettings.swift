/// How the admin plane behaves, decided once at startup (`--admin-token`, `--journal`, `--journal-body-bytes`,
/// `--latency`, `--fault-seed`).
package struct AdminSettings: Sendable {
    /// Lets peers other than this machine in when they send `Authorization: Bearer <token>`; nil keeps them out.
    package var token: String?
    /// How many API requests the journal keeps; 0 keeps none.
    package var journalCapacity: Int
    /// How many bytes of each request and response body the journal keeps; a longer body is cut and says so.
    package var journalBodyBytes: Int
    /// How long every API answer waits at start (`--latency`); `PUT /__admin/latency` changes it.
    package var latency: LatencyRange
    /// Seeds the draws of faults' `probability` and of latency (`--fault-seed`); nil: different on every run.
    package var faultSeed: UInt64?

    package init(
        token: String? = nil, journalCapacity: Int = 1000, journalBodyBytes: Int = AdminSettings.defaultJournalBodyBytes,
        latency: LatencyRange = .none, faultSeed: UInt64? = nil
    ) {
        self.token = token
        self.journalCapacity = journalCapacity
        self.journalBodyBytes = journalBodyBytes
        self.latency = latency
        self.faultSeed = faultSeed
    }

    package static let defaultJournalBodyBytes = KeptBody.defaultCap
    /// The most `--journal-body-bytes` may keep of one body: 1 GiB.
    package static let maxJournalBodyBytes = 1 << 30
}
