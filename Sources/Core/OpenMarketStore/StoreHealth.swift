/// What the store holds and whether it can take writes, for the admin API's health answer.
package struct StoreHealth: Sendable, Equatable {
    /// As opened; `:memory:` for an in-memory database.
    package let path: String
    /// The counts are nil when the database could not be read; `unwritableReason` then says why.
    package let counts: Counts?
    /// Why writes would fail (a read-only file, a full disk); nil when they can go through.
    package let unwritableReason: String?

    package struct Counts: Sendable, Equatable {
        package let schemaVersion: Int
        package let products: Int
        package let images: Int
        package let imageBytes: Int64
    }

    package var isWritable: Bool { unwritableReason == nil }
}
