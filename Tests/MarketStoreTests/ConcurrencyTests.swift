import Foundation
import OpenMarketHTTPTestSupport
import OpenMarketLocking
@testable import OpenMarketStore
import Testing

@Suite("Concurrent use")
struct ConcurrencyTests {
    private static let writesPerWriter = 150
    private static let maximumReadsPerReader = 20_000

    /// Two stores on one file, so the two writers also contend for SQLite's write lock, not only for the
    /// store's own writer lock. Each starts with one reader connection, so their pools have to grow.
    @Test func eightReadersAndTwoWritersSeeNoBusyErrorsAndNoHalfWrittenProducts() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("concurrent.sqlite")
        let stores = [try MarketStore(path: path, readers: 1), try MarketStore(path: path, readers: 1)]
        let seed = try stores[0].createProduct(Fixture.product("seed"), images: [Fixture.image("seed0"), Fixture.image("seed1")])
        let failures = Locked(Failures())
        let finishedWriters = Locked(0)
        let group = DispatchGroup()

        for writer in 0..<2 {
            group.enter()
            Thread {
                defer {
                    finishedWriters.withLock { $0 += 1 }
                    group.leave()
                }
                for number in 0..<Self.writesPerWriter {
                    let tag = "w\(writer)n\(number)"
                    do {
                        _ = try stores[writer].createProduct(
                            Fixture.product(tag), images: [Fixture.image("\(tag)a"), Fixture.image("\(tag)b")]
                        )
                    } catch {
                        failures.withLock { $0.record("writer \(writer): \(error)") }
                    }
                }
            }.start()
        }
        for reader in 0..<8 {
            group.enter()
            Thread {
                defer { group.leave() }
                let store = stores[reader % 2]
                for _ in 0..<Self.maximumReadsPerReader where finishedWriters.withLock({ $0 }) < 2 {
                    do {
                        let page = try store.page(offset: 0, limit: 5, search: reader % 4 == 0 ? "w1" : nil, order: .newestFirst)
                        if let torn = page.products.first(where: { $0.images.count != 2 }) {
                            failures.withLock { $0.record("reader \(reader) saw product \(torn.id) with \(torn.images.count) images") }
                        }
                        guard try store.product(id: seed.id) == seed else {
                            failures.withLock { $0.record("reader \(reader) saw a different seed product") }
                            return
                        }
                    } catch {
                        failures.withLock { $0.record("reader \(reader): \(error)") }
                        return
                    }
                }
            }.start()
        }

        #expect(group.wait(timeout: .now() + 60) == .success)
        let recorded = failures.withLock { $0 }
        #expect(recorded.count == 0, "\(recorded.count) failures, the first: \(recorded.first)")
        let total = try stores[1].page(offset: 0, limit: 0, search: nil, order: .newestFirst).totalCount
        #expect(total == 1 + 2 * Self.writesPerWriter)
    }
}

/// Counts failures and keeps the first few, so a broken run reports briefly.
private struct Failures {
    private(set) var count = 0
    private(set) var first: [String] = []

    mutating func record(_ failure: String) {
        count += 1
        if first.count < 3 { first.append(failure) }
    }
}
