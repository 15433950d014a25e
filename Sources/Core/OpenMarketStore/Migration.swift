import OpenMarketSQLite

/// One numbered file from Schema/, embedded in EmbeddedMigrations.swift by scripts/check-embedded.
struct Migration: Sendable {
    let version: Int
    let fileName: String
    let sql: String
}

/// Brings a database up to the newest embedded migration, recording progress in `PRAGMA user_version`.
enum Migrator {
    static var latestVersion: Int { embeddedMigrations.last?.version ?? 0 }

    /// Fails with `StoreError.schemaTooNew` if the database was made by a newer binary; reads only.
    static func checkNotNewer(_ connection: Connection, path: String) throws {
        let found = try userVersion(connection)
        guard found <= latestVersion else {
            throw StoreError.schemaTooNew(path: path, found: found, supported: latestVersion)
        }
    }

    static func migrate(_ connection: Connection, path: String) throws {
        try checkNotNewer(connection, path: path)
        guard try userVersion(connection) < latestVersion else { return }
        // A migration may rebuild a table that others refer to (0007).
        try connection.withForeignKeysOff {
            try connection.transaction(.immediate) {
                // Another process may have migrated between the check above and taking the write lock.
                try checkNotNewer(connection, path: path)
                let current = try userVersion(connection)
                for migration in embeddedMigrations where migration.version > current {
                    try connection.execute(migration.sql)
                }
                try connection.checkForeignKeys()
                try connection.execute("PRAGMA user_version = \(latestVersion)")
            }
        }
    }

    private static func userVersion(_ connection: Connection) throws -> Int {
        try connection.withStatement("PRAGMA user_version") { statement in
            try statement.step() ? statement.column(0) : 0
        }
    }
}
