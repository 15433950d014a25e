import OpenMarketSQLite

/// Decides whether a file may become or already is an OpenMarket store, before anything writes to it: another
/// application's database, or a file that is no database at all, must be refused with its bytes untouched.
enum DatabaseIdentity {
    /// Tables that only an OpenMarket store has together; a database with any schema needs all of them.
    private static let ownTables = ["meta", "vendors", "products", "images", "image_data"]

    /// Run on a read-only connection: an empty database is ours to create, one with tables must have ours.
    static func checkOwnSchema(_ connection: Connection, path: String) throws {
        let found: Set<String> = try connection.withStatement("SELECT name FROM sqlite_schema WHERE type = 'table'") {
            var names: Set<String> = []
            while try $0.step() { names.insert($0.column(0)) }
            return names
        }
        let missing = ownTables.filter { !found.contains($0) }
        guard found.isEmpty || missing.isEmpty else {
            throw StoreError.foreignDatabase(path: path, missingTables: missing)
        }
    }

    /// `path` as an SQLite URI that opens it without locks or side files; nil when `path` is a URI already.
    static func immutableURI(_ path: String) -> String? {
        guard !path.hasPrefix("file:") else { return nil }
        // In a URI's path, % escapes, ? starts the parameters and # the fragment.
        var escaped = ""
        for character in path {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.append(character)
            }
        }
        return "file:\(escaped)?immutable=1"
    }
}
