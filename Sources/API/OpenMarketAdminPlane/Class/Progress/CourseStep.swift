import OpenMarketAPI

/// A step of the course as it was taught, and the facts that show it done (the table, from the course's
/// pull-request titles, students' READMEs and commit logs). An extra is no step of the course (search): shown when
/// a team does it, never the step a team is on.
struct CourseStep: Sendable {
    /// `I-1` … `II-2` on v2, `1` … `4` on v1, `search`.
    let id: String
    let title: String
    let koreanTitle: String
    /// All of them, in the order an app usually shows them.
    let facts: [CourseFact]
    var isExtra = false
}

/// The steps of the course a generation's apps were written in.
struct Course: Sendable {
    let steps: [CourseStep]

    init(_ generation: Generation) {
        switch generation.deleteFlow {
        case .productSecret: steps = Self.v2Steps(deleting: [.secretRevealed, .deletedWithSecret])
        case .archivedURI: steps = Self.v2Steps(deleting: [.archived, .deletedArchived])
        case .itemPassword: steps = Self.v1Steps
        }
    }

    /// The index of the step with this fact.
    func step(of fact: CourseFact) -> Int? {
        steps.firstIndex { $0.facts.contains(fact) }
    }

    func index(of id: String) -> Int? {
        steps.firstIndex { $0.id == id }
    }

    private static func v2Steps(deleting: [CourseFact]) -> [CourseStep] {
        [
            CourseStep(id: "I-1", title: "networking (GET only)", koreanTitle: "네트워킹 (GET)",
                facts: [.healthCheck, .list, .detailOfListed]),
            CourseStep(id: "I-2", title: "list and grid", koreanTitle: "목록과 그리드",
                facts: [.secondList, .nextPage, .thumbnail]),
            CourseStep(id: "II-1", title: "register and edit", koreanTitle: "등록과 수정",
                facts: [.create, .createdListed, .edit]),
            CourseStep(id: "II-2", title: "detail and delete", koreanTitle: "상세와 삭제", facts: deleting),
            CourseStep(id: "search", title: "search (extra)", koreanTitle: "검색 (추가)", facts: [.searched], isExtra: true),
        ]
    }

    private static let v1Steps = [
        CourseStep(id: "1", title: "models and requests", koreanTitle: "모델과 요청", facts: [.list, .detailOfListed]),
        CourseStep(id: "2", title: "list and grid", koreanTitle: "목록과 그리드", facts: [.nextPage, .thumbnail]),
        CourseStep(id: "3", title: "register and edit", koreanTitle: "등록과 수정", facts: [.create, .edit]),
        CourseStep(id: "4", title: "detail and delete", koreanTitle: "상세와 삭제", facts: [.deleted, .goneAfterDelete]),
    ]
}
