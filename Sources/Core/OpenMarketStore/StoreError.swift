/// Why the store refused a call; `SQLiteError` covers failures of SQLite itself.
package enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case schemaTooNew(path: String, found: Int, supported: Int)
    case generationMismatch(stored: String, requested: String)
    case thumbnailNotOwnImage(imageID: Int64, productID: Int64)
    case productNotFound(id: Int64)
    /// Row `index` of an insert has the id of a product already stored, named `takenBy`.
    case productIDTaken(index: Int, id: Int64, takenBy: String)
    case duplicateVendorIdentifier(String)
    case invalidPage(offset: Int, limit: Int)
    case invalidReaderCount(Int)
    case invalidReaderMaximum(Int, readers: Int)
    case readersExhausted(maximum: Int)
    case notADatabase(path: String)
    case foreignDatabase(path: String, missingTables: [String])
    case diskFull(path: String)
    case readOnlyDatabase(path: String, reason: String)
    case closed(path: String)

    package var description: String {
        switch self {
        case let .schemaTooNew(path, found, supported):
            "\(path) has schema version \(found), but this build knows versions up to \(supported); "
                + "it was written by a newer OpenMarket. Use that version, or another database file. "
                + "The file was left untouched."
        case let .generationMismatch(stored, requested):
            "this database was created for API generation \(stored) and cannot serve \(requested); "
                + "start with --api \(stored), or use another database file for \(requested)"
        case let .thumbnailNotOwnImage(imageID, productID):
            "image \(imageID) is not an image of product \(productID); the thumbnail must be one of its own images"
        case let .productNotFound(id):
            "no product with id \(id)"
        case let .productIDTaken(_, id, name):
            "id \(id) is taken by the product \"\(name)\"; give another id, or none for the next free one"
        case let .duplicateVendorIdentifier(identifier):
            "vendor identifier \(identifier) is configured more than once; each vendor needs its own identifier"
        case let .invalidPage(offset, limit):
            "a page needs a non-negative offset and limit, got offset \(offset) and limit \(limit)"
        case let .invalidReaderCount(count):
            "the number of reader connections cannot be negative, got \(count)"
        case let .invalidReaderMaximum(maximum, readers):
            "the maximum number of reader connections must be at least 1 and at least the \(readers) opened up front, "
                + "got \(maximum)"
        case let .readersExhausted(maximum):
            "all \(maximum) reader connections stayed busy for the whole wait; try again, or allow more readers"
        case let .notADatabase(path):
            "\(path) is not an SQLite database; give a new file name or an OpenMarket database. "
                + "The file was left untouched."
        case let .diskFull(path):
            "the disk that holds \(path) is full, so nothing was stored; free some space (deleting products works) "
                + "and try again"
        case let .readOnlyDatabase(path, reason):
            "\(path) cannot be written (\(reason)), so nothing was stored; make the file and its folder writable"
        case let .closed(path):
            "the store at \(path) was closed (the server is stopping); nothing was read or stored"
        case let .foreignDatabase(path, missingTables):
            "\(path) is an SQLite database of another application (it has no \(missingTables.joined(separator: ", ")) "
                + "table); give a new file name or an OpenMarket database. The file was left untouched."
        }
    }
}
