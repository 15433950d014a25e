import OpenMarketAPI
import OpenMarketWireFormat

/// One team's way through the course: the steps it did (when first, and the request that showed it), its last
/// mistake on each step, and what its requests have shown so far of the steps not done yet. That last part is kept
/// in memory only (since the server started); the steps done and the mistakes are the class's record, stored.
struct TeamProgress: Sendable {
    private(set) var done: [String: StepEvidence] = [:]
    private(set) var mistakes: [String: StepMistake] = [:]
    /// Facts shown so far of steps not yet done.
    private(set) var shown: Set<CourseFact> = []

    private var listedIDs = RecentSet<Int64>()
    private var listedThumbnails = RecentSet<String>()
    private var listRequests = 0
    private var offeredNextPage = false
    /// The team's own new products, until its next list shows them (v2) or one is edited (v1).
    private var createdIDs = RecentSet<Int64>(capacity: 64)
    /// v2a: each product's secret as the server answered it.
    private var revealedSecrets: [Int64: String] = [:]
    /// v2b: the tokens of the delete URIs the server answered.
    private var issuedDeleteTokens = RecentSet<String>(capacity: 64)
    /// v1: the items the team deleted, until a GET of one answers 404.
    private var deletedIDs = RecentSet<Int64>(capacity: 64)
    /// The last mistake per step that was handed on to be stored, so a loop of one mistake is stored now and then,
    /// not on every request.
    private var storedMistakes: [String: StepMistake] = [:]

    /// A mistake of the same kind is stored again after this long.
    static let mistakeStoreInterval = 5.0

    init() {}

    /// As stored: the steps done and the last mistakes.
    init(records: [ClassProgressStepRecord]) {
        for record in records {
            switch record {
            case .done(let step, let evidence): done[step] = evidence
            case .mistake(let step, let mistake):
                mistakes[step] = mistake
                storedMistakes[step] = mistake
            }
        }
    }

    /// What an exchange newly showed, for the record.
    enum Change: Sendable, Equatable {
        case done(step: String, StepEvidence)
        case mistake(step: String, StepMistake)
    }

    /// Takes in one of the team's exchanges; returns the steps it completed and a mistake worth storing.
    mutating func observe(
        _ exchange: CourseExchange, course: Course, generation: Generation, vendorSecret: String?
    ) -> [Change] {
        let facts = self.facts(shownBy: exchange, course: course, generation: generation)
        var changes: [Change] = []
        for fact in facts {
            guard let index = course.step(of: fact), done[course.steps[index].id] == nil else { continue }
            shown.insert(fact)
            let step = course.steps[index]
            if step.facts.allSatisfy(shown.contains) {
                done[step.id] = exchange.evidence
                shown.subtract(step.facts)
                changes.append(.done(step: step.id, exchange.evidence))
            }
        }
        if let (fact, mistake) = Self.mistake(in: exchange, deleteFlow: generation.deleteFlow, vendorSecret: vendorSecret),
            let index = course.step(of: fact)
        {
            let step = course.steps[index].id
            mistakes[step] = mistake
            let stored = storedMistakes[step]
            if stored?.kind != mistake.kind || mistake.evidence.time - (stored?.evidence.time ?? 0) >= Self.mistakeStoreInterval {
                storedMistakes[step] = mistake
                changes.append(.mistake(step: step, mistake))
            }
        }
        return changes
    }

    /// The step the team is on: the one after the furthest it did (the first it skipped, once the last is done),
    /// or a further one it made a mistake on; nil once every step is done. Extras never count.
    func currentStep(in course: Course) -> Int? {
        let steps = course.steps.indices.filter { !course.steps[$0].isExtra }
        let isDone = { (index: Int) in done[course.steps[index].id] != nil }
        let next = steps.last(where: isDone).map { furthest in
            steps.first { $0 > furthest } ?? steps.first { !isDone($0) }
        } ?? steps.first
        let mistaken = steps.last { !isDone($0) && mistakes[course.steps[$0].id] != nil }
        return [next, mistaken].compactMap { $0 }.max()
    }

    private mutating func facts(shownBy exchange: CourseExchange, course: Course, generation: Generation) -> [CourseFact] {
        let succeeded = exchange.succeeded
        switch exchange.endpoint {
        case .healthCheck:
            return exchange.status == 200 ? [.healthCheck] : []
        case .list(let page, let searches):
            guard exchange.status == 200 else { return [] }
            listRequests += 1
            var facts: [CourseFact] = [.list]
            if listRequests > 1 { facts.append(.secondList) }
            if (page ?? 1) > 1, offeredNextPage { facts.append(.nextPage) }
            if searches { facts.append(.searched) }
            if readsListAnswers(course), let answer = generation.listAnswer(exchange.responseBody) {
                if answer.ids.contains(where: createdIDs.contains) { facts.append(.createdListed) }
                answer.ids.forEach { listedIDs.insert($0) }
                answer.thumbnailPaths.forEach { listedThumbnails.insert($0) }
                offeredNextPage = offeredNextPage || answer.hasNext
            }
            return facts
        case .detail(let id):
            if exchange.status == 200, listedIDs.contains(id) { return [.detailOfListed] }
            if exchange.status == 404, deletedIDs.contains(id) { return [.goneAfterDelete] }
            return []
        case .image:
            return exchange.status == 200 && listedThumbnails.contains(exchange.path) ? [.thumbnail] : []
        case .create:
            // v2 knows the vendor by the identifier; v1 has none, and an item's password is its own.
            guard succeeded, exchange.isMultipart, exchange.byIdentifier || !generation.usesVendors else { return [] }
            if let id = Self.createdID(exchange.responseBody) { createdIDs.insert(id) }
            return [.create]
        case .edit(let id):
            let owned = generation.usesVendors ? exchange.byIdentifier : createdIDs.contains(id)
            return succeeded && owned ? [.edit] : []
        case .revealSecret(let id):
            guard succeeded else { return [] }
            revealedSecrets[id] = String(decoding: exchange.responseBody, as: UTF8.self)
            if revealedSecrets.count > 64, let any = revealedSecrets.keys.first(where: { $0 != id }) {
                revealedSecrets[any] = nil
            }
            return [.secretRevealed]
        case .archive:
            guard succeeded else { return [] }
            let uri = String(decoding: exchange.responseBody, as: UTF8.self)
            if let token = uri.split(separator: "/").last { issuedDeleteTokens.insert(String(token)) }
            return [.archived]
        case .delete(let id, let key):
            guard succeeded else { return [] }
            switch generation.deleteFlow {
            case .productSecret:
                return id.flatMap { revealedSecrets[$0] } == key ? [.deletedWithSecret] : []
            case .archivedURI:
                return issuedDeleteTokens.contains(key) ? [.deletedArchived] : []
            case .itemPassword:
                if let id { deletedIDs.insert(id) }
                return [.deleted]
            }
        }
    }

    /// List answers are read while a step needs what they hold: listed ids, thumbnails, the next page, new ids.
    private func readsListAnswers(_ course: Course) -> Bool {
        [CourseFact.detailOfListed, .thumbnail, .nextPage, .createdListed].contains { fact in
            course.step(of: fact).map { done[course.steps[$0].id] == nil } ?? false
        }
    }

    private static func createdID(_ body: [UInt8]) -> Int64? {
        guard let object = try? JSONReader.parseObject(body, keepsMembersOnly: true) else { return nil }
        return try? object.int64("id")
    }

    /// A refusal of a request a step is made of, as the mistake on that step (the fact names the step). A spent
    /// fair share and a GET of something gone (another team deleted it) are no mistakes of a step.
    private static func mistake(
        in exchange: CourseExchange, deleteFlow: DeleteFlow, vendorSecret: String?
    ) -> (CourseFact, StepMistake)? {
        let status = exchange.status
        guard status >= 400, status != 429 else { return nil }
        let fact: CourseFact
        switch exchange.endpoint {
        case .healthCheck, .image: return nil
        case .list: fact = .list
        case .detail: guard status != 404 else { return nil }; fact = .detailOfListed
        case .create: fact = .create
        case .edit: fact = .edit
        case .revealSecret: fact = .secretRevealed
        case .archive: fact = .archived
        case .delete:
            switch deleteFlow {
            case .productSecret: fact = .deletedWithSecret
            case .archivedURI: fact = .deletedArchived
            case .itemPassword: fact = .deleted
            }
        }
        let told = exchange.errorMessage ?? "\(status)"
        let kind: String
        let message: String
        var evidence = exchange.evidence
        if case .delete(_, let key) = exchange.endpoint, let vendorSecret, key == vendorSecret {
            kind = "secretsConfused"
            // The secret itself never shows in the class's views (the journal keeps the request as sent).
            let hidden = "{vendor secret}"
            message = "DELETE with the vendor's secret where the product's belongs: "
                + told.replacing(vendorSecret, with: hidden)
            evidence = evidence.with(target: evidence.target.replacing(vendorSecret, with: hidden))
        } else if exchange.errorKind == "missingIdentifier" {
            kind = "missingIdentifier"
            message = "\(exchange.evidence.method) without the identifier header (the team's credentials): \(told)"
        } else {
            kind = exchange.errorKind ?? "status\(status)"
            message = told
        }
        return (fact, StepMistake(kind: kind, message: message, evidence: evidence))
    }
}

/// A stored line of progress as the rules read it back.
enum ClassProgressStepRecord: Sendable {
    case done(step: String, StepEvidence)
    case mistake(step: String, StepMistake)
}
