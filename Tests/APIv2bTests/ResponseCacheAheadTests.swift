@testable import OpenMarketAPI
import OpenMarketHTTPCore
import OpenMarketLocking
import OpenMarketStore
import Testing

/// The first page an app asks for again after a write is computed ahead by the writing thread, before the write
/// returns, once per write, and only while a client keeps asking for it.
@Suite("response cache: computed ahead after writes")
struct ResponseCacheAheadTests {
    /// Answers with the store's write count, so a response says which write it was computed after.
    private final class CountingList: ListAnswering {
        let store: MarketStore
        let computations = Locked(0)

        init(store: MarketStore) {
            self.store = store
        }

        func answerList(_ request: Request) throws -> Response {
            computations.withLock { $0 += 1 }
            return Response(status: .ok, body: Array("\(store.writeCount)".utf8))
        }
    }

    private let store: MarketStore
    private let cache: ResponseCache
    private let list: CountingList

    init() throws {
        store = try MarketStore(path: ":memory:")
        cache = ResponseCache(store: store, publicURL: nil)
        list = CountingList(store: store)
    }

    private func read(_ path: String, ahead: Bool = true) throws -> String {
        let request = Request(method: .get, path: path)
        let response = try ahead
            ? cache.list(for: request, isFirstPage: { true }, answerer: list)
            : cache.response(for: request) { try list.answerList(request) }
        return String(decoding: response.body, as: UTF8.self)
    }

    private func write() throws {
        try store.claimGeneration("v2b")
    }

    private var computationsSoFar: Int {
        list.computations.withLock { $0 }
    }

    @Test("a served page is computed again right after a write, and the next read gets it without computing")
    func servedPageIsComputedAhead() throws {
        #expect(try read("/first") == "0")
        try write()
        #expect(computationsSoFar == 2)
        #expect(try read("/first") == "1")
        #expect(computationsSoFar == 2)
    }

    @Test("a page computed ahead that nobody read is not computed again: writes alone cost nothing more")
    func unreadPageIsNotComputedAgain() throws {
        _ = try read("/first")
        try write()
        #expect(computationsSoFar == 2)
        try write()
        try write()
        #expect(computationsSoFar == 2)
        #expect(try read("/first") == "3")
        #expect(computationsSoFar == 3)
    }

    @Test("responses not marked are only computed when asked for")
    func unmarkedResponsesWait() throws {
        _ = try read("/detail", ahead: false)
        try write()
        #expect(computationsSoFar == 1)
        #expect(try read("/detail", ahead: false) == "1")
        #expect(computationsSoFar == 2)
    }

    @Test("the cache holds the API that computes ahead weakly: once it goes, nothing is computed and nothing leaks")
    func apiIsHeldWeakly() throws {
        weak var gone: CountingList?
        do {
            let shortLived = CountingList(store: store)
            gone = shortLived
            _ = try cache.list(for: Request(method: .get, path: "/first"), isFirstPage: { true }, answerer: shortLived)
        }
        #expect(gone == nil)
        try write()
        #expect(computationsSoFar == 0)
    }
}
