/// `GET /__admin/health` and the answer to a reset.
public struct AdminHealth: Sendable, Hashable, Decodable {
    /// `"ok"`, or `"unwritable"` when the database cannot take writes.
    public let status: String
    /// The API generation served: `v2b`, `v2a`, `v1b` or `v1a`.
    public let generation: String
    /// The emulator's version.
    public let version: String
    public let uptimeSeconds: Double
    public let database: Database
    public let journal: Journal
    /// How many faults are active; `nil` from a server without faults.
    public let activeFaults: Int?

    /// The store behind the API.
    public struct Database: Sendable, Hashable, Decodable {
        /// The file, or `:memory:`.
        public let path: String
        /// The counts are `nil` when the database cannot be read.
        public let schemaVersion: Int?
        public let products: Int?
        public let images: Int?
        public let imageBytes: Int?
        public let isWritable: Bool
        /// Why the database cannot take writes (disk full, read-only file); `nil` when it can.
        public let reason: String?

        private enum CodingKeys: String, CodingKey {
            case path, schemaVersion, products, images, imageBytes, reason
            case isWritable = "writable"
        }
    }

    /// The request journal.
    public struct Journal: Sendable, Hashable, Decodable {
        /// How many requests it keeps (`--journal N`); 0 when it is off.
        public let capacity: Int
        /// How many it holds now.
        public let entries: Int
    }
}
