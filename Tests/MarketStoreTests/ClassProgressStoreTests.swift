import OpenMarketHTTPTestSupport
@testable import OpenMarketStore
import Testing

/// A class's progress as the store keeps it: a step done keeps its first time, a mistake its last, a team's or
/// every team's lines go on the teacher's word, and none of it moves what the catalogue's caches are keyed on.
@Suite struct ClassProgressStoreTests {
    static func record(
        _ team: String, _ step: String, _ kind: ClassProgressRecord.Kind, at time: Double, mistake: String? = nil
    ) -> ClassProgressRecord {
        ClassProgressRecord(
            team: team, step: step, kind: kind, time: time, journalRun: 9, requestID: Int(time), method: "GET",
            target: "/api/products/\(Int(time))", status: kind == .done ? 200 : 400, byAddress: kind == .done,
            mistakeKind: mistake, message: mistake.map { "told: \($0)" })
    }

    @Test func aStepKeepsItsFirstTimeAMistakeItsLastAndARestartKeepsBoth() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("class.sqlite")
        var store = try MarketStore(path: path)
        let first = Self.record("team-a", "I-1", .done, at: 100)
        try store.saveClassProgress([first, Self.record("team-a", "II-1", .mistake, at: 101, mistake: "missingIdentifier")])
        try store.saveClassProgress([
            Self.record("team-a", "I-1", .done, at: 200),
            Self.record("team-a", "II-1", .mistake, at: 201, mistake: "missingBlankLineAfterHeaders"),
            Self.record("team-b", "I-1", .done, at: 300),
        ])
        store.close()
        store = try MarketStore(path: path)
        let stored = try store.classProgress().sorted { $0.time < $1.time }
        #expect(stored == [
            first, Self.record("team-a", "II-1", .mistake, at: 201, mistake: "missingBlankLineAfterHeaders"),
            Self.record("team-b", "I-1", .done, at: 300),
        ])
        #expect(try store.deleteClassProgress(team: "team-a") == 2)
        #expect(try store.classProgress().map(\.team) == ["team-b"])
        #expect(try store.deleteClassProgress(team: nil) == 1)
        #expect(try store.classProgress().isEmpty)
    }

    @Test func progressWritesLeaveTheCataloguesWriteCountAlone() throws {
        let store = try MarketStore(path: ":memory:")
        let before = store.writeCount
        try store.saveClassProgress([Self.record("team-a", "I-1", .done, at: 100)])
        _ = try store.deleteClassProgress(team: nil)
        #expect(store.writeCount == before)
    }
}
