/// How the admin plane behaves, decided once at startup (`--admin-token`, `--journal`, `--latency`, `--fault-seed`).
public struct AdminSettings: Sendable {
    /// Lets peers other than this machine in when they send `Authorization: Bearer <token>`; nil keeps them out.
    public var token: String?
    /// How many API requests the journal keeps; 0 keeps none.
    public var journalCapacity: Int
    /// How long every API answer waits at start (`--latency`); `PUT /__admin/latency` changes it.
    public var latency: LatencyRange
    /// Seeds the draws of faults' `probability` and of latency (`--fault-seed`); nil: different on every run.
    public var faultSeed: UInt64?

    public init(
        token: String? = nil, journalCapacity: Int = 1000, latency: LatencyRange = .none, faultSeed: UInt64? = nil
    ) {
        self.token = token
        self.journalCapacity = journalCapacity
        self.latency = latency
        self.faultSeed = faultSeed
    }
}
