/// What the store holds and whether it can take writes, for the admin API's health answer.
public struct StoreHealth: Sendable, Equatable {
    /// As opened; `:memory:` for an in-memory database.
    public let path: String
    /// The counts are nil when the database could not be read; `unwritableReason` then says why.
    public let counts: Counts?
    /// Why writes would fail (a read-only file, a full disk); nil when they can go through.
    public let unwritableReason: String?

    public struct Counts: Sendable, Equatable {
        public let schemaVersion: Int
        public let products: Int
        public let images: Int
        public let imageBytes: Int64
    }

    public var isWritable: Bool { unwritableReason == nil }
}
