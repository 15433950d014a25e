import OpenMarketSQLite

extension MarketStore {
    /// Stores the configured vendors, matched by identifier: a known vendor keeps its id and creation time
    /// and takes the configured name and secret; a new one gets the next id. Every vendor left out is retired:
    /// its products stay, but `vendor(identifier:)` no longer finds it. Returns them in `configurations` order.
    package func upsertVendors(_ configurations: [VendorConfiguration], now: Double) throws -> [Vendor] {
        var identifiers = Set<String>()
        for configuration in configurations where !identifiers.insert(configuration.identifier).inserted {
            throw StoreError.duplicateVendorIdentifier(configuration.identifier)
        }
        return try connections.writeTransaction { connection in
            try connection.withStatement("UPDATE vendors SET retired = 1") { try $0.run() }
            return try configurations.map { try Self.upsert($0, now: now, on: connection) }
        }
    }

    /// Gives every vendor `time` as its creation time: for a store just copied from a template made at another moment
    /// (`init(copying:)`), so that its vendors read as stored when it was made, as `upsertVendors` would have.
    package func setCreationTimeOfAllVendors(_ time: Double) throws {
        try connections.writeTransaction { connection in
            try connection.withStatement("UPDATE vendors SET created_at = ?1") {
                try $0.bind(time, at: 1)
                try $0.run()
            }
        }
    }

    /// The configured (not retired) vendor with this identifier.
    package func vendor(identifier: String) throws -> Vendor? {
        try connections.read { try Self.vendor(identifier: identifier, includingRetired: false, on: $0) }
    }

    private static func upsert(_ configuration: VendorConfiguration, now: Double, on connection: Connection) throws -> Vendor {
        if let existing = try vendor(identifier: configuration.identifier, includingRetired: true, on: connection) {
            try connection.withStatement("UPDATE vendors SET name = ?1, secret = ?2, retired = 0 WHERE id = ?3") {
                try $0.bind(configuration.name, configuration.secret, existing.id)
                try $0.run()
            }
            return Vendor(configuration, id: existing.id, createdAt: existing.createdAt)
        }
        try connection.withStatement("INSERT INTO vendors (name, identifier, secret, created_at) VALUES (?1, ?2, ?3, ?4)") {
            try $0.bind(configuration.name, configuration.identifier, configuration.secret, now)
            try $0.run()
        }
        return Vendor(configuration, id: connection.lastInsertRowID, createdAt: now)
    }

    private static func vendor(identifier: String, includingRetired: Bool, on connection: Connection) throws -> Vendor? {
        try connection.withStatement("""
            SELECT id, name, identifier, secret, created_at FROM vendors WHERE identifier = ?1 AND retired <= ?2
            """) {
            try $0.bind(identifier, includingRetired ? 1 : 0)
            guard try $0.step() else { return nil }
            return Vendor(
                id: $0.column(0), name: $0.column(1), identifier: $0.column(2), secret: $0.column(3),
                createdAt: $0.column(4)
            )
        }
    }
}

private extension Vendor {
    init(_ configuration: VendorConfiguration, id: Int64, createdAt: Double) {
        self.init(
            id: id, name: configuration.name, identifier: configuration.identifier, secret: configuration.secret,
            createdAt: createdAt
        )
    }
}
