import OpenMarketAPI
import OpenMarketHTTPCore
import OpenMarketLocking
import OpenMarketStore

/// Where each team of a class is in the course, read from the requests the class book attributes to it (the
/// `identifier` header, else the address the team was last seen at). Each team has its own lock, held for the
/// rules of one request; a step done or a mistake is written to the store beside the class's accounts, outside
/// the catalogue's caches, so a restart keeps it.
final class ClassProgress: Sendable {
    let course: Course
    private let generation: Generation
    var generationName: String { generation.name }
    private let teams: [ClassTeam]
    private let store: MarketStore
    /// This run's journal: a request id means something only with it.
    let journalRun: Int64
    private let progress: [Locked<TeamProgress>]
    /// Records a write could not store yet (a full disk): written with the next ones.
    private let unsaved = Locked<[ClassProgressRecord]>([])
    static let maxUnsaved = 10_000

    init(teams: [ClassTeam], generation: Generation, store: MarketStore, journalRun: Int64) {
        course = Course(generation)
        self.generation = generation
        self.teams = teams
        self.store = store
        self.journalRun = journalRun
        progress = teams.map { _ in Locked(TeamProgress()) }
        reload()
    }

    /// Reads the stored progress again (at start, and after a snapshot put the store back as it was).
    func reload() {
        let records: [ClassProgressRecord]
        do {
            records = try store.classProgress()
        } catch {
            Self.log("cannot read the class's progress from the store (\(error)); it shows only what happens from now on")
            records = []
        }
        let byTeam = Dictionary(grouping: records, by: \.team)
        for (index, team) in teams.enumerated() {
            let mine = (byTeam[team.identifier] ?? []).map(Self.stepRecord)
            progress[index].withLock { $0 = TeamProgress(records: mine) }
        }
    }

    /// Takes in one of the team's exchanges, as the journal kept it. A spent fair share (a loop's thousands of 429s a
    /// second) shows nothing of any step and is passed over first.
    func observe(_ entry: JournalEntry, team: Int) {
        guard entry.status.code != 429, let endpoint = generation.courseEndpoint(of: entry.request) else { return }
        let account = teams[team].account
        let request = entry.request
        let exchange = CourseExchange(
            endpoint: endpoint, path: request.path, status: entry.status.code,
            // Read for a create only: the rules ask nothing else of it.
            isMultipart: endpoint == .create
                && (request.headers["Content-Type"] ?? "").lowercased().hasPrefix("multipart/form-data"),
            responseBody: entry.responseBody.bytes, errorKind: entry.errorKind, errorMessage: entry.errorMessage,
            evidence: StepEvidence(
                time: entry.time, journalRun: journalRun, requestID: entry.id, method: request.method.rawValue,
                target: request.target, status: entry.status.code,
                byAddress: request.headers["identifier"] != account.identifier))
        let changes = progress[team].withLock {
            $0.observe(exchange, course: course, generation: generation,
                       vendorSecret: generation.usesVendors ? account.secret : nil)
        }
        guard !changes.isEmpty else { return }
        save(changes.map { Self.record($0, team: account.identifier) })
    }

    /// Every team's progress, in roster order.
    func snapshot() -> [TeamProgress] {
        progress.map { $0.withLock { $0 } }
    }

    func of(_ team: Int) -> TeamProgress {
        progress[team].withLock { $0 }
    }

    /// Forgets the team's progress (every team's when nil), stored and in memory.
    func reset(team: Int?) throws {
        let chosen = team.map { [$0] } ?? Array(teams.indices)
        try unsaved.withLock { unsaved in
            if let team {
                unsaved.removeAll { $0.team == teams[team].identifier }
            } else {
                unsaved.removeAll()
            }
            _ = try store.deleteClassProgress(team: team.map { teams[$0].identifier })
            for index in chosen {
                progress[index].withLock { $0 = TeamProgress() }
            }
        }
    }

    private func save(_ records: [ClassProgressRecord]) {
        unsaved.withLock { unsaved in
            unsaved += records
            do {
                try store.saveClassProgress(unsaved)
                unsaved.removeAll()
            } catch {
                Self.log("cannot store the class's progress yet (\(error)); kept in memory, stored with the next")
                if unsaved.count > Self.maxUnsaved { unsaved.removeFirst(unsaved.count - Self.maxUnsaved) }
            }
        }
    }

    private static func record(_ change: TeamProgress.Change, team: String) -> ClassProgressRecord {
        switch change {
        case .done(let step, let evidence):
            record(team: team, step: step, kind: .done, evidence)
        case .mistake(let step, let mistake):
            record(team: team, step: step, kind: .mistake, mistake.evidence, mistake: mistake)
        }
    }

    private static func record(
        team: String, step: String, kind: ClassProgressRecord.Kind, _ evidence: StepEvidence, mistake: StepMistake? = nil
    ) -> ClassProgressRecord {
        ClassProgressRecord(
            team: team, step: step, kind: kind, time: evidence.time, journalRun: evidence.journalRun,
            requestID: evidence.requestID, method: evidence.method, target: evidence.target, status: evidence.status,
            byAddress: evidence.byAddress, mistakeKind: mistake?.kind, message: mistake?.message)
    }

    private static func stepRecord(_ record: ClassProgressRecord) -> ClassProgressStepRecord {
        let evidence = StepEvidence(
            time: record.time, journalRun: record.journalRun, requestID: record.requestID, method: record.method,
            target: record.target, status: record.status, byAddress: record.byAddress)
        switch record.kind {
        case .done: return .done(step: record.step, evidence)
        case .mistake:
            return .mistake(step: record.step, StepMistake(
                kind: record.mistakeKind ?? "status\(record.status)", message: record.message ?? "", evidence: evidence))
        }
    }

    private static func log(_ message: String) {
        LogSink.standardError.appendLine { line in
            line.appendTimestamp()
            line.appendText(" class: ")
            line.appendClientText(message)
        }
    }
}
