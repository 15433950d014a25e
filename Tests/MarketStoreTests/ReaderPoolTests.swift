import Dispatch
import Foundation
import OpenMarketHTTPTestSupport
import OpenMarketLocking
import OpenMarketSQLite
@testable import OpenMarketStore
import Testing

@Suite("Reader connections")
struct ReaderPoolTests {
    /// A pool of at most one reader, held by another thread until `release` is signalled; `finished` is signalled
    /// once that thread has given it back.
    private struct HeldPool {
        let directory: TemporaryDirectory
        let pool: ConnectionPool
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)

        init(readerWait: DispatchTimeInterval) throws {
            directory = try TemporaryDirectory()
            pool = try ConnectionPool(
                path: directory.path("pool.sqlite"), readers: 1, maximumReaders: 1, readerWait: readerWait)
            let holding = DispatchSemaphore(value: 0)
            Thread.detachNewThread { [pool, release, finished] in
                try? pool.read { _ in
                    holding.signal()
                    release.wait()
                }
                finished.signal()
            }
            holding.wait()
        }
    }

    @Test func aReadBeyondTheMaximumWaitsForAReaderToComeBack() throws {
        let held = try HeldPool(readerWait: .seconds(10))
        let release = held.release
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { release.signal() }
        let answer: Int = try held.pool.read { try $0.withStatement("SELECT 42") { try $0.step() ? $0.column(0) : 0 } }
        #expect(answer == 42)
        held.finished.wait()
    }

    @Test func aReadThatWaitsTooLongGetsAClearError() throws {
        let held = try HeldPool(readerWait: .milliseconds(50))
        defer {
            held.release.signal()
            held.finished.wait()
        }
        let error = #expect(throws: StoreError.readersExhausted(maximum: 1)) { try held.pool.read { _ in } }
        #expect(error?.description.contains("busy") == true)
    }

    @Test func aShortReadRunsOnTheIdleWriterWhenNoReaderIsFree() throws {
        let held = try HeldPool(readerWait: .milliseconds(50))
        defer {
            held.release.signal()
            held.finished.wait()
        }
        let answer: Int = try held.pool.shortReadTransaction {
            try $0.withStatement("SELECT 42") { try $0.step() ? $0.column(0) : 0 }
        }
        #expect(answer == 42)
    }

    @Test func aShortReadDuringAWriteTakesAReaderInsteadOfWaitingForTheWriter() throws {
        let directory = try TemporaryDirectory()
        let pool = try ConnectionPool(path: directory.path("pool.sqlite"), readers: 1, maximumReaders: 1)
        let writing = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let waitedOut = Locked(false)
        Thread.detachNewThread {
            try? pool.write { _ in
                writing.signal()
                // Bounded: a short read that waited for the writer would end only here, and the test fails.
                if release.wait(timeout: .now() + .seconds(5)) == .timedOut { waitedOut.withLock { $0 = true } }
            }
            finished.signal()
        }
        writing.wait()
        let answer: Int = try pool.shortReadTransaction {
            try $0.withStatement("SELECT 42") { try $0.step() ? $0.column(0) : 0 }
        }
        release.signal()
        finished.wait()
        #expect(answer == 42)
        #expect(waitedOut.withLock { $0 } == false)
    }

    @Test func aMaximumBelowTheReadersOpenedUpFrontIsRefused() {
        #expect(throws: StoreError.invalidReaderMaximum(2, readers: 3)) {
            try MarketStore(path: ":memory:", readers: 3, maximumReaders: 2)
        }
    }
}
