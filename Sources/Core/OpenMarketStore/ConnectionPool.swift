import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OpenMarketLocking
import OpenMarketSQLite

/// The store's connections: one writer used under a lock, and reader connections checked out per call.
///
/// WAL lets readers run beside the writer. An in-memory database exists only inside its one connection,
/// so there every read goes through the writer as well.
///
/// Unchecked Sendable: a `Connection` is not Sendable, but each one is used by one thread at a time, the writer
/// only inside its lock and a reader only while checked out of the `ReaderPool`.
final class ConnectionPool: @unchecked Sendable {
    /// As opened; `:memory:` for an in-memory database.
    let path: String
    /// nil once closed.
    private let writer: Locked<Connection?>
    /// nil for an in-memory database.
    private let readers: ReaderPool?
    /// nil for an in-memory database.
    private let reserve: DiskReserve?
    /// Bumped after every write returns, so after its commit: a cache tagged with an older count is stale.
    private let completedWrites = AtomicWord(0)
    /// Told after each write, once `completedWrites` has moved; see `MarketStore.observeWrites`.
    private let writeObservers = Locked<[@Sendable () -> Void]>([])
    /// Bumped under the writer lock before and after every write but an `append`, so odd while one is in flight (it
    /// may have committed or not). A count kept with an older value may have lost or changed rows; one kept with the
    /// current value needs only the products appended since.
    private let rewrites = Locked<UInt64>(0)

    static let busyTimeoutMilliseconds: Int32 = 10_000

    /// Opens and migrates the database; `readers` connections are opened up front, and the pool grows up to
    /// `maximumReaders` when more reads run at once. A read beyond that waits up to `readerWait` for one to
    /// come back. An in-memory database starts as a copy of `template` when one is given (see
    /// `MarketStore.init(copying:)`), which the migrations then find up to date.
    init(
        path: String, readers: Int, maximumReaders: Int, readerWait: DispatchTimeInterval = .seconds(10),
        template: StoreSnapshot? = nil
    ) throws {
        guard readers >= 0 else { throw StoreError.invalidReaderCount(readers) }
        guard maximumReaders >= max(readers, 1) else {
            throw StoreError.invalidReaderMaximum(maximumReaders, readers: readers)
        }
        self.path = path
        let isInMemory = path == ":memory:"
        reserve = isInMemory ? nil : DiskReserve(databasePath: path)
        reserve?.releaseIfDiskIsFull()
        if !isInMemory { try Self.typingFailures(path: path) { try Self.refuseForeignOrNewer(path: path) } }
        let writer = try Self.typingFailures(path: path) {
            let writer = try Connection(path: path, flags: [.readWrite, .create, .noMutex])
            try writer.setBusyTimeout(milliseconds: Self.busyTimeoutMilliseconds)
            try writer.addTextContainsFunction()
            try Migrator.checkNotNewer(writer, path: path)
            if !isInMemory { try writer.enableWriteAheadLog() }
            // First: the copy replaces the main database, and with it that database's own settings below.
            if isInMemory, let template {
                try writer.replaceMain(withCopyOf: template.image)
            }
            // FAST: freed pages are not zeroed one by one, so deleting a large image needs little journal room.
            try writer.execute("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA secure_delete = FAST")
            try Migrator.migrate(writer, path: path)
            return writer
        }
        reserve?.restore()
        self.writer = Locked(Optional(writer))
        self.readers = isInMemory
            ? nil
            : try ReaderPool(path: path, opened: readers, maximum: maximumReaders, wait: readerWait)
    }

    var writeCount: UInt64 {
        completedWrites.load()
    }

    /// The rewrites done so far; nil while one is in flight, when a read's snapshot may hold it or not. A read that
    /// began after this gave a value, and after which it gives the same one, saw exactly those rewrites.
    var settledRewriteCount: UInt64? {
        rewrites.withLock { $0 % 2 == 0 ? $0 / 2 : nil }
    }

    func observeWrites(_ observer: @escaping @Sendable () -> Void) {
        writeObservers.withLock { $0.append(observer) }
    }

    /// A write that may change or remove anything: it moves the rewrite count.
    func write<Result>(_ body: (Connection) throws -> Result) throws -> Result {
        try write(isRewrite: true, body)
    }

    /// The write that only adds products above every id before (`ProductAppend` can do nothing else), in one
    /// transaction: the rewrite count stays, so counts kept before it stay valid with the products added since.
    func append<Result>(_ body: (ProductAppend) throws -> Result) throws -> Result {
        try write(isRewrite: false) { connection in
            try connection.transaction(.immediate) { try body(ProductAppend(connection)) }
        }
    }

    private func write<Result>(isRewrite: Bool, _ body: (Connection) throws -> Result) throws -> Result {
        defer {
            completedWrites.add(1)
            for observer in writeObservers.withLock({ $0 }) { observer() }
        }
        return try Self.typingFailures(path: path) {
            try withWriter { connection in
                if isRewrite { rewrites.withLock { $0 &+= 1 } }
                defer { if isRewrite { rewrites.withLock { $0 &+= 1 } } }
                let result = try body(connection)
                reserve?.restore()
                return result
            }
        }
    }

    /// Runs `body` on the writer under its lock; `StoreError.closed` once the store is closed.
    private func withWriter<Result>(_ body: (Connection) throws -> Result) throws -> Result {
        try writer.withLock { connection in
            guard let connection else { throw StoreError.closed(path: path) }
            return try body(connection)
        }
    }

    /// Folds the WAL into the database file and closes every connection, readers first: closing the last
    /// connection deletes `-wal` and `-shm`, so a stopped store is one file that can be copied alone. On a full
    /// disk the checkpoint fails and the WAL stays, holding every change, for the next start to fold in.
    func close() {
        readers?.close()
        writer.withLock { connection in
            guard let open = connection else { return }
            if path != ":memory:" {
                _ = try? open.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            }
            connection = nil
        }
    }

    func read<Result>(_ body: (Connection) throws -> Result) throws -> Result {
        try Self.typingFailures(path: path) {
            guard let readers else { return try withWriter(body) }
            return try readers.withReader(body)
        }
    }

    /// A write that frees space, such as a delete: on a full disk it gives back the reserve and tries once more,
    /// so space can always be freed through the API.
    func freeingWrite<Result>(_ body: (Connection) throws -> Result) throws -> Result {
        do {
            return try write(body)
        } catch StoreError.diskFull where reserve?.release() == true {
            return try write(body)
        }
    }

    /// A write transaction to tables no API answer is made from (a class's progress): it moves none of the counts
    /// that caches are keyed on and tells no write observer, so the catalogue's caches stay warm.
    func writeTransactionOutsideCatalogue<Result>(_ body: (Connection) throws -> Result) throws -> Result {
        try Self.typingFailures(path: path) {
            try withWriter { connection in
                let result = try connection.transaction(.immediate) { try body(connection) }
                reserve?.restore()
                return result
            }
        }
    }

    /// Runs `body` in one write transaction that takes the database's write lock at once.
    func writeTransaction<Result>(_ body: (Connection) throws -> Result) throws -> Result {
        try write { connection in try connection.transaction(.immediate) { try body(connection) } }
    }

    /// `freeingWrite` in one transaction.
    func freeingWriteTransaction<Result>(_ body: (Connection) throws -> Result) throws -> Result {
        try freeingWrite { connection in try connection.transaction(.immediate) { try body(connection) } }
    }

    /// Runs `body` on one consistent snapshot, for reads that take more than one statement.
    func readTransaction<Result>(_ body: (Connection) throws -> Result) throws -> Result {
        try read { connection in try connection.transaction(.deferred) { try body(connection) } }
    }

    /// `readTransaction` on the writer connection when no write is running, else on a reader. A commit makes SQLite
    /// drop every other connection's page cache at its next read, while the writer keeps the pages it just wrote
    /// and the tree above them: the newest products, their images, the count. So the first read after a write
    /// (the response cache's miss) finds them in memory instead of reading the file again. Only for reads that step
    /// through few rows: a write that arrives meanwhile waits for this read to finish.
    func shortReadTransaction<Result>(_ body: (Connection) throws -> Result) throws -> Result {
        let onWriter = try Self.typingFailures(path: path) {
            try writer.withLockIfAvailable { connection in
                try connection.map { connection in try connection.transaction(.deferred) { try body(connection) } }
            }
        }
        return try onWriter.flatMap { $0 } ?? readTransaction(body)
    }

    /// SQLite's answers to a full disk or a database that cannot be written, as the store's own errors.
    private static func typingFailures<Result>(path: String, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as SQLiteError
            where error.primaryCode == SQLiteError.Code.full || error.code == SQLiteError.ExtendedCode.sharedMemorySize {
            throw StoreError.diskFull(path: path)
        } catch let error as SQLiteError where error.primaryCode == SQLiteError.Code.readOnly {
            throw StoreError.readOnlyDatabase(path: path, reason: error.message)
        }
    }

    /// Checks the file on read-only connections first: a read-write one could checkpoint a newer database's
    /// WAL into it when it closes, and the switch to WAL rewrites the header, while a refused file must stay
    /// untouched. The first look is immutable, so it leaves no -wal or -shm file beside another application's
    /// database in WAL mode; the second also sees what this store's WAL holds. The main file alone may be
    /// unreadable while its WAL completes it (a checkpoint cut short by a full disk or a kill), so what the first
    /// look cannot read is judged by the second alone when a WAL is there.
    private static func refuseForeignOrNewer(path: String) throws {
        if let immutable = DatabaseIdentity.immutableURI(path) {
            do {
                try probe(immutable, flags: [.readOnly, .noMutex, .uri], path: path)
            } catch let error where isUnreadable(error) && FileManager.default.fileExists(atPath: path + "-wal") {
                // judged below, with the WAL
            }
        }
        try probe(path, flags: [.readOnly, .noMutex], path: path)
    }

    private static func isUnreadable(_ error: any Error) -> Bool {
        switch error {
        case StoreError.notADatabase: true
        case let error as SQLiteError: error.primaryCode == SQLiteError.Code.corrupt
        default: false
        }
    }

    private static func probe(_ location: String, flags: OpenFlags, path: String) throws {
        let probe: Connection
        do {
            probe = try Connection(path: location, flags: flags)
        } catch let error as SQLiteError where error.primaryCode == SQLiteError.Code.cantOpen {
            return  // no file yet: it is created empty below
        }
        try probe.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        do {
            try Migrator.checkNotNewer(probe, path: path)
            try DatabaseIdentity.checkOwnSchema(probe, path: path)
        } catch let error as SQLiteError where error.primaryCode == SQLiteError.Code.notADatabase {
            throw StoreError.notADatabase(path: path)
        }
    }
}
