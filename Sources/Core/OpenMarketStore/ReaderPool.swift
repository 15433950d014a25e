import Dispatch
import OpenMarketLocking
import OpenMarketSQLite

/// Read-only connections checked out one per read, at most `maximum` at once: each costs a file descriptor and
/// a page cache, so a burst of reads waits for a connection instead of opening without bound. Unchecked Sendable
/// because `Connection` is not: a connection is only used by the one read that checked it out of `idle`.
final class ReaderPool: @unchecked Sendable {
    private let path: String
    /// nil once closed.
    private let idle: Locked<[Connection]?>
    /// One permit per connection that may exist; a read holds one from checkout to return.
    private let permits: DispatchSemaphore
    private let maximum: Int
    private let wait: DispatchTimeInterval

    init(path: String, opened: Int, maximum: Int, wait: DispatchTimeInterval) throws {
        self.path = path
        idle = Locked(try (0..<opened).map { _ in try Self.openReader(path: path) })
        permits = DispatchSemaphore(value: maximum)
        self.maximum = maximum
        self.wait = wait
    }

    func withReader<Result>(_ body: (Connection) throws -> Result) throws -> Result {
        guard permits.wait(timeout: .now() + wait) == .success else {
            throw StoreError.readersExhausted(maximum: maximum)
        }
        defer { permits.signal() }
        let reader = try idle.withLock { idle throws(StoreError) -> Connection? in
            guard idle != nil else { throw StoreError.closed(path: path) }
            return idle?.popLast()
        } ?? Self.openReader(path: path)
        defer { idle.withLock { $0?.append(reader) } }
        return try body(reader)
    }

    /// Waits up to `wait` for the reads in flight, then closes every connection; later reads throw
    /// `StoreError.closed`. A read still running after the wait keeps its connection until it ends.
    func close() {
        let deadline = DispatchTime.now() + wait
        var held = 0
        while held < maximum, permits.wait(timeout: deadline) == .success { held += 1 }
        idle.withLock { $0 = nil }
        for _ in 0..<held { permits.signal() }
    }

    private static func openReader(path: String) throws -> Connection {
        let reader = try Connection(path: path, flags: [.readWrite, .noMutex])
        try reader.setBusyTimeout(milliseconds: ConnectionPool.busyTimeoutMilliseconds)
        try reader.execute("PRAGMA query_only = ON")
        try reader.addTextContainsFunction()
        return reader
    }
}
