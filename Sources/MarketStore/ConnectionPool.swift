import Locking
import SQLite

/// The store's connections: one writer used under a lock, and reader connections checked out per call.
///
/// WAL lets readers run beside the writer. An in-memory database exists only inside its one connection,
/// so there every read goes through the writer as well.
///
/// Unchecked Sendable: a `Connection` is not Sendable, but each one is used by one thread at a time, the writer
/// only inside its lock and a reader only while checked out of `idleReaders`.
final class ConnectionPool: @unchecked Sendable {
    /// As opened; `:memory:` for an in-memory database.
    let path: String
    private let writer: Locked<Connection>
    /// nil for an in-memory database.
    private let idleReaders: Locked<[Connection]>?
    /// Bumped after every write returns, so after its commit: a cache tagged with an older count is stale.
    private let completedWrites = Locked<UInt64>(0)

    private static let busyTimeoutMilliseconds: Int32 = 10_000

    /// Opens and migrates the database; `readers` connections are opened up front, and the pool grows to
    /// the largest number of reads that ever run at once.
    init(path: String, readers: Int) throws {
        guard readers >= 0 else { throw StoreError.invalidReaderCount(readers) }
        self.path = path
        let isInMemory = path == ":memory:"
        if !isInMemory { try Self.refuseNewerSchema(path: path) }
        let writer = try Connection(path: path, flags: [.readWrite, .create, .noMutex])
        try writer.setBusyTimeout(milliseconds: Self.busyTimeoutMilliseconds)
        try Migrator.checkNotNewer(writer, path: path)
        try writer.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON")
        try Migrator.migrate(writer, path: path)
        self.writer = Locked(writer)
        idleReaders = isInMemory ? nil : Locked(try (0..<readers).map { _ in try Self.openReader(path: path) })
    }

    var writeCount: UInt64 {
        completedWrites.withLock { $0 }
    }

    func write<Result>(_ body: (Connection) throws -> Result) throws -> Result {
        defer { completedWrites.withLock { $0 &+= 1 } }
        return try writer.withLock { try body($0) }
    }

    func read<Result>(_ body: (Connection) throws -> Result) throws -> Result {
        guard let idleReaders else { return try writer.withLock { try body($0) } }
        let reader = try idleReaders.withLock { $0.popLast() } ?? Self.openReader(path: path)
        defer { idleReaders.withLock { $0.append(reader) } }
        return try body(reader)
    }

    /// Runs `body` in one write transaction that takes the database's write lock at once.
    func writeTransaction<Result>(_ body: (Connection) throws -> Result) throws -> Result {
        try write { connection in try connection.transaction(.immediate) { try body(connection) } }
    }

    /// Runs `body` on one consistent snapshot, for reads that take more than one statement.
    func readTransaction<Result>(_ body: (Connection) throws -> Result) throws -> Result {
        try read { connection in try connection.transaction(.deferred) { try body(connection) } }
    }

    /// Checks the version on a read-only connection first: a read-write one could checkpoint a newer
    /// database's WAL into it when it closes, and a refused database must stay untouched.
    private static func refuseNewerSchema(path: String) throws {
        let probe: Connection
        do {
            probe = try Connection(path: path, flags: [.readOnly, .noMutex])
        } catch let error as SQLiteError where error.primaryCode == SQLiteError.Code.cantOpen {
            return  // no file yet: it is created empty below
        }
        try probe.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        try Migrator.checkNotNewer(probe, path: path)
    }

    private static func openReader(path: String) throws -> Connection {
        let reader = try Connection(path: path, flags: [.readWrite, .noMutex])
        try reader.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        try reader.execute("PRAGMA query_only = ON")
        return reader
    }
}
