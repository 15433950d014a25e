/// Why `StoreBackup` made no copy; the destination is then as it was.
package enum BackupError: Error, Equatable, Sendable, CustomStringConvertible {
    case noStore(path: String)
    case destinationExists(path: String)
    case destinationIsFolder(path: String)
    case destinationFolderMissing(path: String)
    case sameFile(path: String)
    case store(StoreError)
    case copyFailed(destination: String, reason: String)

    package var description: String {
        switch self {
        case let .noStore(path):
            "there is no database at \(path); give the path of an existing store"
        case let .destinationExists(path):
            "\(path) already exists and was left as it is; give a new file name, or add --replace to overwrite it"
        case let .destinationIsFolder(path):
            "\(path) is a folder; give the file name of the copy, e.g. \(path)/openmarket-copy.sqlite"
        case let .destinationFolderMissing(path):
            "the folder \(path) does not exist; create it first or give another destination"
        case let .sameFile(path):
            "\(path) is the store itself; give another file name for the copy"
        case let .store(error):
            "\(error)"
        case let .copyFailed(destination, reason):
            "no copy was made at \(destination): \(reason)"
        }
    }
}
