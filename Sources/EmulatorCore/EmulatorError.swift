/// Why an emulator could not be made. Nothing is left half made: a bad seed is found before the store is opened.
public enum EmulatorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The seed cannot be used (a fixture that cannot be read, or names an unknown vendor).
    case seed(source: String, message: String)
    /// The vendors cannot be configured (two with the same identifier, say).
    case vendors(String)
    /// The database cannot be opened, or belongs to another generation; the message names its path.
    case database(String)

    public var description: String {
        switch self {
        case .seed(let source, let message): "seed \(source): \(message)"
        case .vendors(let message): message
        case .database(let message): message
        }
    }
}
