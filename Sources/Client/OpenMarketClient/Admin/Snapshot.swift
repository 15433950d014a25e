/// A snapshot of the emulator's whole store, kept in its memory under a name: made by
/// ``OpenMarketAdmin/takeSnapshot(named:)``, put back by ``OpenMarketAdmin/restoreSnapshot(named:)``.
public struct Snapshot: Sendable, Hashable, Decodable {
    /// 1 to 64 ASCII letters, digits, `-`, `_` and `.`, starting with a letter or digit.
    public let name: String
    /// When it was taken, an ISO-8601 UTC timestamp.
    public let createdAt: String
    /// How many products it holds.
    public let products: Int
    /// How many images it holds.
    public let images: Int
    /// The memory it takes in the emulator.
    public let byteCount: Int
}

/// `GET /__admin/snapshots`: the snapshots kept, oldest first, and the memory they take.
public struct SnapshotList: Sendable, Hashable, Decodable {
    public let snapshots: [Snapshot]
    /// The memory all of them take.
    public let byteCount: Int
    /// The most they may take together; a snapshot that would go over it is refused with a 409.
    public let byteLimit: Int
}
