import OpenMarketSQLite

extension MarketStore {
    /// The accounts of `names`, in that order: a team already stored keeps its credentials, a new one gets those
    /// `makeCredentials` returns, written in the same transaction. Teams stored but not named stay stored. An account
    /// is made once and kept for good (`class_teams`): on v2 it is the team's vendor, on v1 it only signs the team
    /// in to its own view.
    package func classTeams(
        named names: [String], now: Double, makeCredentials: () -> (identifier: String, secret: String)
    ) throws -> [VendorConfiguration] {
        try connections.writeTransaction { connection in
            try names.map { name in
                if let stored = try Self.classTeam(named: name, on: connection) { return stored }
                let credentials = makeCredentials()
                try connection.withStatement(
                    "INSERT INTO class_teams (name, identifier, secret, created_at) VALUES (?1, ?2, ?3, ?4)"
                ) {
                    try $0.bind(name, credentials.identifier, credentials.secret, now)
                    try $0.run()
                }
                return VendorConfiguration(name: name, identifier: credentials.identifier, secret: credentials.secret)
            }
        }
    }

    /// Every team ever stored, in the order they were first made.
    package func allClassTeams() throws -> [VendorConfiguration] {
        try connections.read { connection in
            try connection.withStatement(
                "SELECT name, identifier, secret FROM class_teams ORDER BY created_at, rowid"
            ) { statement in
                var teams: [VendorConfiguration] = []
                while try statement.step() {
                    teams.append(VendorConfiguration(
                        name: statement.column(0), identifier: statement.column(1), secret: statement.column(2)))
                }
                return teams
            }
        }
    }

    /// The generation the database was made for; nil for a database no server has started on.
    package func storedGeneration() throws -> String? {
        try connections.read { try Self.generation($0) }
    }

    /// The ids of the products of the vendor with this identifier, newest first.
    package func productIDs(vendorIdentifier identifier: String) throws -> [Int64] {
        try connections.read { connection in
            try connection.withStatement("""
                SELECT p.id FROM products p JOIN vendors v ON v.id = p.vendor_id WHERE v.identifier = ?1
                ORDER BY p.id DESC
                """) { statement in
                try statement.bind(identifier, at: 1)
                var ids: [Int64] = []
                while try statement.step() {
                    ids.append(statement.column(0))
                }
                return ids
            }
        }
    }

    /// Deletes the products of the vendor with this identifier, with their images; returns how many went.
    package func deleteProducts(vendorIdentifier identifier: String) throws -> Int {
        try connections.freeingWriteTransaction { connection in
            try connection.withStatement("""
                DELETE FROM products WHERE vendor_id = (SELECT id FROM vendors WHERE identifier = ?1)
                """) {
                try $0.bind(identifier, at: 1)
                try $0.run()
            }
            return connection.changes
        }
    }

    private static func classTeam(named name: String, on connection: Connection) throws -> VendorConfiguration? {
        try connection.withStatement("SELECT identifier, secret FROM class_teams WHERE name = ?1") {
            try $0.bind(name, at: 1)
            guard try $0.step() else { return nil }
            return VendorConfiguration(name: name, identifier: $0.column(0), secret: $0.column(1))
        }
    }
}
