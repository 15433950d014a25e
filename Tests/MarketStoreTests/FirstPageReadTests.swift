import Dispatch
import Foundation
import OpenMarketHTTPTestSupport
import OpenMarketLocking
@testable import OpenMarketStore
import Testing

@Suite("First pages read on the writer")
struct FirstPageReadTests {
    /// The first pages of the list are read on the writer connection when no write runs (its page cache outlives
    /// its own commits), so with the only reader held elsewhere such a page still answers at once, with the
    /// latest write in it.
    @Test func aFirstPageNeedsNoFreeReaderAndShowsTheLatestWrite() throws {
        let directory = try TemporaryDirectory()
        let store = try MarketStore(path: directory.path("store.sqlite"), readers: 1, maximumReaders: 1)
        let older = try store.createProduct(Fixture.product("older"), images: [Fixture.image("o")])
        let newer = try store.createProduct(Fixture.product("newer"), images: [])
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let waitedOut = Locked(false)
        Thread.detachNewThread {
            try? store.connections.read { _ in
                holding.signal()
                // Bounded: a page that waited for this reader would be answered only after this times out.
                if release.wait(timeout: .now() + .seconds(3)) == .timedOut { waitedOut.withLock { $0 = true } }
            }
            finished.signal()
        }
        holding.wait()
        let page = try store.page(offset: 0, limit: 20, search: nil, order: .newestFirst)
        release.signal()
        finished.wait()
        #expect(page.products == [newer, older])
        #expect(page.totalCount == 2)
        #expect(waitedOut.withLock { $0 } == false)
    }
}
