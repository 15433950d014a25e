import HTTPCore
import Locking
@testable import MarketAPI
import MarketStore
import Testing

/// The first page an app asks for again after a write is computed ahead, in the background, once per write, and
/// only while a client keeps asking for it.
@Suite("response cache: computed ahead after writes")
struct ResponseCacheAheadTests {
    private let store: MarketStore
    private let cache: ResponseCache
    private let computations = Locked(0)

    init() throws {
        store = try MarketStore(path: ":memory:")
        cache = ResponseCache(store: store, publicURL: nil)
    }

    /// The store's write count in the body, so a response says which write it was computed after.
    private func read(_ path: String, ahead: Bool = true) throws -> String {
        let store = store
        let computations = computations
        let response = try cache.response(for: Request(method: .get, path: path), computedAheadAfterWrites: ahead) {
            computations.withLock { $0 += 1 }
            return Response(status: .ok, body: Array("\(store.writeCount)".utf8))
        }
        return String(decoding: response.body, as: UTF8.self)
    }

    private func write() throws {
        try store.claimGeneration("v2b")
    }

    /// Waits, bounded, until the background computations reach `count`.
    private func computations(reach count: Int) async throws -> Bool {
        for _ in 0..<200 where computations.withLock({ $0 }) < count {
            try await Task.sleep(for: .milliseconds(10))
        }
        return computations.withLock { $0 } == count
    }

    @Test("a served page is computed again right after a write, and the next read gets it without computing")
    func servedPageIsComputedAhead() async throws {
        #expect(try read("/first") == "0")
        try write()
        #expect(try await computations(reach: 2))
        #expect(try read("/first") == "1")
        #expect(computations.withLock { $0 } == 2)
    }

    @Test("a page computed ahead that nobody read is not computed again: writes alone cost nothing more")
    func unreadPageIsNotComputedAgain() async throws {
        _ = try read("/first")
        try write()
        #expect(try await computations(reach: 2))
        try write()
        try write()
        try await Task.sleep(for: .milliseconds(100))
        #expect(computations.withLock { $0 } == 2)
        #expect(try read("/first") == "3")
        #expect(computations.withLock { $0 } == 3)
    }

    @Test("responses not marked are only computed when asked for")
    func unmarkedResponsesWait() async throws {
        _ = try read("/detail", ahead: false)
        try write()
        try await Task.sleep(for: .milliseconds(100))
        #expect(computations.withLock { $0 } == 1)
        #expect(try read("/detail", ahead: false) == "1")
        #expect(computations.withLock { $0 } == 2)
    }
}
