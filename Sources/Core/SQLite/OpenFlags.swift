import CSQLite

/// The `SQLITE_OPEN_*` flags a connection is opened with.
public struct OpenFlags: OptionSet, Sendable {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    public static let readOnly = OpenFlags(rawValue: SQLITE_OPEN_READONLY)
    public static let readWrite = OpenFlags(rawValue: SQLITE_OPEN_READWRITE)
    public static let create = OpenFlags(rawValue: SQLITE_OPEN_CREATE)
    /// The path may be a `file:` URI with parameters such as `vfs=` or `immutable=1`.
    public static let uri = OpenFlags(rawValue: SQLITE_OPEN_URI)
    /// No per-connection mutex: the caller guarantees one thread at a time uses the connection.
    public static let noMutex = OpenFlags(rawValue: SQLITE_OPEN_NOMUTEX)
}
