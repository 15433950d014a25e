import OpenMarketHTTPCore
import Testing

@testable import OpenMarketAdminPlane

/// The journal's bounds: entries, bytes per body, bytes in all, and ids.
@Suite struct RequestJournalTests {
    private func record(_ journal: RequestJournal, body: Int = 0, answer: Int = 0) {
        _ = journal.record(Request(method: .post, path: "/x", body: [UInt8](repeating: 1, count: body))) { _ in
            Response(status: .ok, body: [UInt8](repeating: 2, count: answer))
        }
    }

    @Test func keepsTheLastEntriesOnly() {
        let journal = RequestJournal(capacity: 3, redactedToken: nil)
        for _ in 0..<5 { record(journal) }
        #expect(journal.entries().map(\.id) == [5, 4, 3])
    }

    @Test func cutsEachBodyAtOneMebibyte() throws {
        let journal = RequestJournal(capacity: 3, redactedToken: nil)
        record(journal, body: KeptBody.defaultCap + 10, answer: 5)
        let entry = try #require(journal.entry(id: 1))
        #expect(entry.requestBody.bytes.count == KeptBody.defaultCap)
        #expect(entry.requestBody.originalSize == KeptBody.defaultCap + 10)
        #expect(entry.requestBody.isTruncated)
        #expect(!entry.responseBody.isTruncated)
    }

    @Test func cutsAnAnswerAtTheCapAndTellsItsSize() throws {
        let journal = RequestJournal(capacity: 3, bodyCap: 4, redactedToken: nil)
        _ = journal.record(Request(method: .get, path: "/x")) { _ in
            Response(status: .ok, contentType: "application/json", body: Array("[1,2,3]".utf8))
        }
        let entry = try #require(journal.entry(id: 1))
        #expect(entry.responseBody.bytes == Array("[1,2".utf8))
        #expect(entry.responseBody.originalSize == 7)
        #expect(entry.responseBody.isTruncated)
        #expect(entry.cost == 4)
        #expect(entry.sentHeaders["Content-Length"] == "7")
        #expect(entry.responseHeaders["Content-Type"] == "application/json")
    }

    @Test func timesEachEntryByTheWallClock() throws {
        let journal = RequestJournal(capacity: 3, redactedToken: nil)
        let before = JournalClock.wallSeconds()
        record(journal)
        let after = JournalClock.wallSeconds()
        let entry = try #require(journal.entry(id: 1))
        #expect(entry.time >= before - 0.01 && entry.time <= after + 0.01)
    }

    @Test func dropsTheOldestBeyondTheTotal() {
        let journal = RequestJournal(capacity: 1000, redactedToken: nil)
        // 2 MiB kept per entry (both bodies at the cap): 32 entries fill 64 MiB.
        for _ in 0..<40 { record(journal, body: 3 << 20, answer: 3 << 20) }
        let entries = journal.entries()
        #expect(entries.count == journal.maxBytes / (2 * KeptBody.defaultCap))
        #expect(entries.first?.id == 40)
        #expect(entries.reduce(0) { $0 + $1.cost } <= journal.maxBytes)
    }

    @Test func idsAreNeverReused() {
        let journal = RequestJournal(capacity: 5, redactedToken: nil)
        record(journal)
        record(journal)
        journal.clear()
        record(journal)
        #expect(journal.entries().map(\.id) == [3])
    }

    @Test func offKeepsNothing() {
        let journal = RequestJournal(capacity: 0, redactedToken: nil)
        record(journal)
        #expect(journal.entries().isEmpty)
        #expect(!journal.isEnabled)
    }

    @Test func theAdminTokenIsRemoved() throws {
        let journal = RequestJournal(capacity: 2, redactedToken: "token-1234")
        _ = journal.record(Request(
            method: .get, path: "/", headers: HTTPHeaders([("Authorization", "Bearer token-1234"), ("Accept", "*/*")]))
        ) { _ in Response(status: .ok) }
        let headers = try #require(journal.entry(id: 1)).request.headers
        #expect(headers["Authorization"] == "[admin token removed]")
        #expect(headers["Accept"] == "*/*")
    }
}

/// The cap `--journal-body-bytes` sets.
@Suite struct JournalBodyCapTests {
    @Test func aRaisedCapKeepsLongerBodiesAndRaisesTheTotalWithIt() throws {
        let journal = RequestJournal(capacity: 3, bodyCap: 40 << 20, redactedToken: nil)
        _ = journal.record(Request(method: .post, path: "/x", body: [UInt8](repeating: 1, count: 33 << 20))) { _ in
            Response(status: .ok)
        }
        let entry = try #require(journal.entry(id: 1))
        #expect(entry.requestBody.bytes.count == 33 << 20)
        #expect(!entry.requestBody.isTruncated)
        #expect(journal.maxBytes == 80 << 20)
    }

    @Test func aCapOfZeroKeepsOnlyTheSizes() throws {
        let journal = RequestJournal(capacity: 3, bodyCap: 0, redactedToken: nil)
        _ = journal.record(Request(method: .post, path: "/x", body: [1, 2, 3])) { _ in Response(status: .ok) }
        let entry = try #require(journal.entry(id: 1))
        #expect(entry.requestBody.bytes.isEmpty && entry.requestBody.originalSize == 3)
    }
}
