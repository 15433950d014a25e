import OpenMarketAPI
@testable import OpenMarketAdminPlane
import OpenMarketHTTPCore
import Testing

/// The course's step rules per generation, fed one exchange at a time as the class book hands them on.
@Suite struct CourseStepRulesTests {
    static let vendorSecret = "vendor-secret-1"

    /// One team's requests and the answers they got, as the rules read them.
    struct Team {
        let generation: Generation
        let course: Course
        var progress = TeamProgress()
        var nextID = 0
        var clock = 1_700_000_000.0

        init(_ generation: Generation) {
            self.generation = generation
            course = Course(generation)
        }

        /// `identifier`: the request carried the team's identifier (else it was the team's by its address).
        @discardableResult
        mutating func send(
            _ method: HTTPMethod, _ target: String, _ status: Int, answer: String = "", identifier: Bool = false,
            multipart: Bool = false, errorKind: String? = nil, error: String? = nil, after seconds: Double = 1
        ) -> [TeamProgress.Change] {
            nextID += 1
            clock += seconds
            let parts = target.split(separator: "?", maxSplits: 1)
            let request = Request(method: method, path: String(parts[0]), query: parts.count > 1 ? String(parts[1]) : "")
            guard let endpoint = generation.courseEndpoint(of: request) else { return [] }
            let exchange = CourseExchange(
                endpoint: endpoint, path: request.path, status: status, isMultipart: multipart,
                responseBody: Array(answer.utf8), errorKind: errorKind, errorMessage: error,
                evidence: StepEvidence(
                    time: clock, journalRun: 7, requestID: nextID, method: method.rawValue, target: target, status: status,
                    byAddress: !identifier))
            return progress.observe(
                exchange, course: course, generation: generation,
                vendorSecret: generation.usesVendors ? CourseStepRulesTests.vendorSecret : nil)
        }

        func isDone(_ step: String) -> Bool { progress.done[step] != nil }
        var on: String? { progress.currentStep(in: course).map { course.steps[$0].id } }
    }

    /// A v2 list page in the generation's own keys.
    static func v2Page(_ generation: Generation, ids: [Int], hasNext: Bool) -> String {
        let key = generation.name == "v2b" ? "hasNext" : "has_next"
        let items = ids.map { #"{"id":\#($0),"vendor_id":1,"name":"p\#($0)","thumbnail":"http://127.0.0.1:8080/training-resources/thumb-\#($0).png"}"# }
        return #"{"\#(key)":\#(hasNext),"pages":[\#(items.joined(separator: ","))]}"#
    }

    static func v1Page(ids: ClosedRange<Int>) -> String {
        let items = ids.map { #"{"id":\#($0),"title":"t","thumbnails":["http://127.0.0.1:8080/thumbnails/\#($0).png"]}"# }
        return #"{"page":1,"items":[\#(items.joined(separator: ","))]}"#
    }

    @Test(arguments: [Generation.v2b, .v2a])
    func networkingNeedsTheHealthCheckAListAndADetailOfAListedID(_ generation: Generation) {
        var team = Team(generation)
        #expect(team.on == "I-1")
        team.send(.get, "/healthChecker", 200)
        // A detail of an id no list answer gave shows nothing.
        team.send(.get, "/api/products/99", 200)
        team.send(.get, "/api/products?page_no=1&items_per_page=20", 200, answer: Self.v2Page(generation, ids: [5, 4], hasNext: false))
        #expect(!team.isDone("I-1"))
        #expect(team.progress.shown == [.healthCheck, .list])
        let changes = team.send(.get, "/api/products/4", 200)
        let evidence = team.progress.done["I-1"]
        #expect(changes == [.done(step: "I-1", evidence!)])
        #expect(evidence?.target == "/api/products/4" && evidence?.byAddress == true && evidence?.requestID == 4)
        #expect(team.on == "I-2")
    }

    @Test(arguments: [Generation.v2b, .v2a])
    func listAndGridNeedsASecondListTheNextPageAfterHasNextAndAThumbnail(_ generation: Generation) {
        var team = Team(generation)
        // Page 2 before any answer said there is one does not count.
        team.send(.get, "/api/products?page_no=2&items_per_page=2", 200, answer: Self.v2Page(generation, ids: [3], hasNext: false))
        team.send(.get, "/api/products?page_no=1&items_per_page=2", 200, answer: Self.v2Page(generation, ids: [5, 4], hasNext: true))
        #expect(team.progress.shown.contains(.secondList) && !team.progress.shown.contains(.nextPage))
        // A thumbnail no list gave, then one it gave.
        team.send(.get, "/training-resources/other.png", 200)
        #expect(!team.progress.shown.contains(.thumbnail))
        team.send(.get, "/training-resources/thumb-5.png", 200)
        team.send(.get, "/api/products?page_no=2&items_per_page=2", 200, answer: Self.v2Page(generation, ids: [3], hasNext: false))
        #expect(team.isDone("I-2"))
        #expect(team.progress.done["I-2"]?.target == "/api/products?page_no=2&items_per_page=2")
        // Past I-2, the team is on the step after it, though it never showed I-1 whole.
        #expect(team.on == "II-1" && !team.isDone("I-1"))
    }

    @Test(arguments: [Generation.v2b, .v2a])
    func registerAndEditNeedsTheTeamsCreateItsIDInTheNextListAndAPatch(_ generation: Generation) {
        var team = Team(generation)
        // Without the identifier header: refused, and the mistake places the team on II-1.
        let refused = team.send(.post, "/api/products", 400, identifier: false, multipart: true,
                                errorKind: "missingIdentifier", error: "the identifier header is missing")
        #expect(team.on == "II-1")
        guard case .mistake(let step, let mistake)? = refused.first else {
            Issue.record("no mistake: \(refused)")
            return
        }
        #expect(step == "II-1" && mistake.kind == "missingIdentifier")
        #expect(mistake.message.contains("without the identifier header") && mistake.message.contains("is missing"))
        // A create that is not multipart, or not the team's own, shows nothing.
        team.send(.post, "/api/products", 201, answer: #"{"id":40}"#, identifier: false, multipart: true)
        #expect(!team.progress.shown.contains(.create))
        team.send(.post, "/api/products", 201, answer: #"{"id":41}"#, identifier: true, multipart: true)
        team.send(.get, "/api/products?page_no=1&items_per_page=20", 200, answer: Self.v2Page(generation, ids: [40], hasNext: false))
        #expect(!team.progress.shown.contains(.createdListed))
        team.send(.get, "/api/products?page_no=1&items_per_page=20", 200, answer: Self.v2Page(generation, ids: [41, 40], hasNext: false))
        #expect(team.progress.shown.isSuperset(of: [.create, .createdListed]))
        team.send(.patch, "/api/products/41", 200, identifier: true)
        #expect(team.isDone("II-1"))
        // The mistake stays the last one of II-1; the team is now on II-2.
        #expect(team.progress.mistakes["II-1"]?.kind == "missingIdentifier")
        #expect(team.on == "II-2")
    }

    @Test func v2bDeletesThePathTheArchiveAnswered() {
        var team = Team(.v2b)
        team.send(.post, "/api/products/41/archived", 200, answer: "/api/products/8f1c2a-token", identifier: true)
        // The vendor's secret where the URI's token belongs: refused, and named as the two secrets confused.
        team.send(.delete, "/api/products/\(Self.vendorSecret)", 404, identifier: true,
                  errorKind: "unknownDeleteToken", error: "no product has this delete URI")
        #expect(team.progress.mistakes["II-2"]?.kind == "secretsConfused")
        #expect(team.on == "II-2")
        team.send(.delete, "/api/products/another-token", 200, identifier: true)
        #expect(!team.isDone("II-2"))
        team.send(.delete, "/api/products/8f1c2a-token", 200, identifier: true)
        #expect(team.isDone("II-2"))
    }

    @Test func v2aDeletesWithTheProductsSecretTheServerAnswered() {
        var team = Team(.v2a)
        team.send(.post, "/api/products/41/secret", 200, answer: "product-secret-41", identifier: true)
        team.send(.delete, "/api/products/41/\(Self.vendorSecret)", 400, identifier: true,
                  errorKind: "wrongProductSecret", error: "the product secret is wrong")
        #expect(team.progress.mistakes["II-2"]?.kind == "secretsConfused")
        #expect(team.progress.mistakes["II-2"]?.message.hasPrefix("DELETE with the vendor's secret") == true)
        // Another product's delete with this secret is no evidence.
        team.send(.delete, "/api/products/42/product-secret-41", 200, identifier: true)
        #expect(!team.isDone("II-2"))
        team.send(.delete, "/api/products/41/product-secret-41", 200, identifier: true)
        #expect(team.isDone("II-2"))
    }

    @Test(arguments: [Generation.v1b, .v1a])
    func v1StepsFromModelsToDelete(_ generation: Generation) {
        var team = Team(generation)
        #expect(team.course.steps.map(\.id) == ["1", "2", "3", "4"])
        team.send(.get, "/items/1", 200, answer: Self.v1Page(ids: 1...20))
        team.send(.get, "/item/7", 200)
        #expect(team.isDone("1"))
        team.send(.get, "/thumbnails/7.png", 200)
        team.send(.get, "/items/2", 200, answer: Self.v1Page(ids: 21...25))
        #expect(team.isDone("2"))
        // A JSON create is no multipart one; an edit of an item the team did not register is no evidence.
        team.send(.post, "/item", 200, answer: #"{"id":30}"#, multipart: false)
        team.send(.post, "/item", 200, answer: #"{"id":31}"#, multipart: true)
        team.send(.patch, "/item/7", 200, multipart: true)
        #expect(!team.isDone("3"))
        team.send(.patch, "/item/31", 200, multipart: true)
        #expect(team.isDone("3"))
        team.send(.delete, "/item/31", 404, errorKind: "wrongPassword", error: "wrong password")
        #expect(team.progress.mistakes["4"]?.kind == "wrongPassword")
        team.send(.delete, "/item/31", 200)
        team.send(.get, "/item/30", 404)
        #expect(!team.isDone("4"))
        team.send(.get, "/item/31", 404)
        #expect(team.isDone("4"))
        #expect(team.on == nil)
        // On v1 every request is the team's by its address: no identifier exists.
        #expect(team.progress.done.values.allSatisfy { $0.byAddress })
    }

    @Test func searchIsAnExtraNeverTheStepATeamIsOn() {
        var team = Team(.v2b)
        team.send(.get, "/api/products?page_no=1&items_per_page=20&search_value=%ED%8E%9C", 200,
                  answer: Self.v2Page(.v2b, ids: [], hasNext: false))
        #expect(team.isDone("search"))
        #expect(team.on == "I-1")
        // An empty search_value is no search.
        var other = Team(.v2b)
        other.send(.get, "/api/products?page_no=1&items_per_page=20&search_value=", 200,
                   answer: Self.v2Page(.v2b, ids: [], hasNext: false))
        #expect(!other.isDone("search"))
    }

    @Test func aMistakeRepeatedInALoopIsHandedOnNowAndThenNotEachTime() {
        var team = Team(.v2b)
        var stored = 0
        for _ in 0..<60 {
            let changes = team.send(.post, "/api/products", 400, multipart: true, errorKind: "missingIdentifier",
                                    error: "missing", after: 0.1)
            stored += changes.count
        }
        // 6 seconds of the same mistake: once at first, once after the 5 s interval.
        #expect(stored == 2)
        // Another kind is handed on at once.
        #expect(team.send(.post, "/api/products", 400, identifier: true, multipart: true,
                          errorKind: "missingBlankLineAfterHeaders", error: "no blank line", after: 0.1).count == 1)
        #expect(team.progress.mistakes["II-1"]?.kind == "missingBlankLineAfterHeaders")
        // A spent fair share and a GET of a product gone are no mistakes of a step.
        #expect(team.send(.get, "/api/products?page_no=1&items_per_page=1", 429).isEmpty)
        #expect(team.send(.get, "/api/products/3", 404).isEmpty)
    }

    @Test func aStepIsDoneOnceAndKeepsItsFirstTime() {
        var team = Team(.v2b)
        team.send(.get, "/api/products?page_no=1&items_per_page=20&search_value=a", 200, answer: Self.v2Page(.v2b, ids: [], hasNext: false))
        let first = team.progress.done["search"]
        #expect(team.send(.get, "/api/products?page_no=1&items_per_page=20&search_value=b", 200,
                          answer: Self.v2Page(.v2b, ids: [], hasNext: false)).isEmpty)
        #expect(team.progress.done["search"] == first)
    }
}
