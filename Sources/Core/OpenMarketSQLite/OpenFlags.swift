import COpenMarketSQLite

/// The `SQLITE_OPEN_*` flags a connection is opened with.
package struct OpenFlags: OptionSet, Sendable {
    package let rawValue: Int32

    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    package static let readOnly = OpenFlags(rawValue: SQLITE_OPEN_READONLY)
    package static let readWrite = OpenFlags(rawValue: SQLITE_OPEN_READWRITE)
    package static let create = OpenFlags(rawValue: SQLITE_OPEN_CREATE)
    /// The path may be a `file:` URI with parameters such as `vfs=` or `immutable=1`.
    package static let uri = OpenFlags(rawValue: SQLITE_OPEN_URI)
    /// No per-connection mutex: the caller guarantees one thread at a time uses the connection.
    package static let noMutex = OpenFlags(rawValue: SQLITE_OPEN_NOMUTEX)
}
