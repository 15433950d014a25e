package import OpenMarketCatalogue
package import OpenMarketStore

/// Why an emulator could not be made. Nothing is left half made: a bad seed is found before the store is opened.
package enum EmulatorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The seed cannot be used (a fixture that cannot be read, or names an unknown vendor).
    case seed(source: String, message: String)
    /// The vendors cannot be configured (two with the same identifier, say).
    case vendors(String)
    /// The store refused to start on the database (a full disk, another generation's database, a newer schema).
    case store(database: String, StoreError)
    /// SQLite cannot open the database file at all.
    case database(path: String, message: String)
    /// A product given to the start (`OpenMarketEmulator.Options.products`) cannot be inserted.
    case products(InsertionError)

    package var description: String {
        switch self {
        case .seed(let source, let message): "seed \(source): \(message)"
        case .vendors(let message): message
        case .store(let database, let error): "\(database): \(error)"
        case .database(let path, let message): "cannot open the database \(path): \(message)"
        case .products(let error): "products: \(error)"
        }
    }
}
