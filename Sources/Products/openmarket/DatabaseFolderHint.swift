#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What SQLite cannot say when it is "unable to open database file": the database's folder is not writable by this
/// process, the usual case being a container's bind mount owned by another user than the image's (uid 10001).
enum DatabaseFolderHint {
    /// "; the folder … is not writable …" with the chown that fixes it, or "" when that is not the cause.
    static func suffix(for path: String) -> String {
        guard path != ":memory:", !path.isEmpty else { return "" }
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let directory = folder.isEmpty ? "/" : folder
        guard access(directory, W_OK) != 0, errno == EACCES else { return "" }
        let owner = "\(getuid()):\(getgid())"
        return "; the folder \(directory) is not writable by this process (uid:gid \(owner)): "
            + "chown \(owner) \(directory)"
    }
}
