/// A database image could not be kept in the temporary folder: it is full, missing or not writable. The server's
/// disk, not the request.
package struct TemporaryFileError: Error, Equatable, Sendable, CustomStringConvertible {
    package let folder: String
    /// The system's words (strerror).
    package let reason: String

    package var description: String {
        "cannot keep a copy of the store in \(folder): \(reason)"
    }
}
