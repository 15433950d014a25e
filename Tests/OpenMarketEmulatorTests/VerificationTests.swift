import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketClient
import OpenMarketEmulator
import OpenMarketHTTPTestSupport
import OpenMarketLocking
import Testing

/// What an app sent, checked as an app's own test would: the app's networking layer posts, the test asks the
/// emulator's journal.
@Suite struct VerificationTests {
    private let emulator: OpenMarketEmulator
    private let app: CourseAppNetworking
    private let mug = CourseAppNetworking.ProductDraft(
        name: "Mug", description: "A blue mug", price: 12_000, currency: "KRW", stock: 5, secret: "demo-vendor-secret")
    private let photos = [Data(SampleImages.jpeg(size: 20_000)), Data(SampleImages.jpeg(size: 30_000, seed: 9))]
    private static let productPosts = JournalFilter(method: "POST", path: "/api/products")

    init() throws {
        emulator = try OpenMarketEmulator(.init(generation: .v2b))
        app = CourseAppNetworking(
            session: URLSession(configuration: emulator.sessionConfiguration()), baseURL: emulator.baseURL,
            identifier: "demo-vendor-identifier")
    }

    @Test func theAppPostsTheProductWithBothPhotos() async throws {
        try await app.register(mug, images: photos)

        let post = try await emulator.client.admin.waitForSentRequest(Self.productPosts, timeout: .seconds(10))
        let params = try #require(post.part(named: "params")).decode(CourseAppNetworking.ProductDraft.self)
        #expect(params.name == "Mug" && params.price == 12_000 && params.currency == "KRW")
        let images = post.parts(named: "images")
        #expect(images.map(\.detectedType) == ["image/jpeg", "image/jpeg"])
        #expect(images.map(\.data.count) == [20_004, 30_004])
        #expect(post.header("Identifier") == "demo-vendor-identifier")
        #expect(post.status == 201 && post.refusal == nil && post.bodyIsComplete)
        #expect(try await emulator.client.admin.sentRequests(Self.productPosts).count == 1, "no second POST")
    }

    @Test func aBrokenBodyIsRefusedAndExplained() async throws {
        var broken = app
        broken.boundaryIsComputedTwice = true
        try await broken.register(mug, images: photos)

        let post = try await emulator.client.admin.waitForSentRequest(Self.productPosts, timeout: .seconds(10))
        #expect(post.status == 400)
        #expect(post.refusal != nil, "\(post.explanation)")
        #expect(post.parts.isEmpty, "the server found no delimiter of the boundary the header names")
        #expect(post.explanation.contains("REFUSED by v2b"))
        #expect(post.explanation.contains("the app got: 400"))
    }

    @Test func aRefusedBodyKeepsThePartsReadBeforeTheError() async throws {
        var request = URLRequest(url: emulator.baseURL.appendingPathComponent("api/products"))
        request.httpMethod = "POST"
        request.setValue("demo-vendor-identifier", forHTTPHeaderField: "identifier")
        request.setValue("multipart/form-data; boundary=XyZ", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data((
            "--XyZ\r\nContent-Disposition: form-data; name=\"params\"\r\n\r\n{\"name\":\"Mug\"}\r\n"
                + "--XyZ\r\nContent-Disposition: form-data; filename=\"a.jpg\"\r\n\r\nJPEG\r\n--XyZ--\r\n").utf8)
        _ = try await app.session.data(for: request)

        let post = try await emulator.client.admin.waitForSentRequest(Self.productPosts, timeout: .seconds(10))
        #expect(post.status == 400)
        #expect(post.refusal?.contains("name") == true, "\(post.explanation)")
        #expect(post.parts.map(\.name) == ["params"])
        #expect(post.part(named: "params")?.text == #"{"name":"Mug"}"#)
    }

    @Test func aWaitFindsWhatATaskSendsLater() async throws {
        // The app posts a moment after the wait has begun, from a thread of its own with the session's completion
        // handler, not from a Task: in the whole suite on two cores, other tests' blocking waits can hold Swift's
        // cooperative pool for tens of seconds, and a post that needed it could then start only after the wait had
        // given up. The wait itself needs no luck: it asks the journal once more when its time runs out.
        let outcome = Locked("no answer yet")
        let post = app.session.dataTask(with: try app.registration(mug, images: photos)) { _, response, error in
            let status = (response as? HTTPURLResponse)?.statusCode
            outcome.withLock { $0 = error.map { "failed: \($0)" } ?? "answered \(status.map(String.init) ?? "?")" }
        }
        Thread {
            Thread.sleep(forTimeInterval: 0.2)
            post.resume()
        }.start()
        // Only a guard against a hang: a found request returns at once.
        do {
            let sent = try await emulator.client.admin.waitForSentRequest(Self.productPosts, timeout: .seconds(120))
            #expect(sent.parts(named: "images").count == 2)
        } catch {
            Issue.record("\(error); the post: \(outcome.withLock { $0 })")
        }
    }

    @Test func aWaitThatRunsOutSaysWhatCameInstead() async throws {
        let (_, _) = try await app.session.data(from: emulator.baseURL.appendingPathComponent("healthChecker"))
        let started = ContinuousClock.now
        let error = await #expect(throws: OpenMarketError.self) {
            try await emulator.client.admin.waitForSentRequest(Self.productPosts, timeout: .milliseconds(300))
        }
        #expect(ContinuousClock.now - started >= .milliseconds(300))
        guard case .sentRequestTimedOut(let timeout)? = error else {
            Issue.record("expected sentRequestTimedOut, got \(String(describing: error))")
            return
        }
        #expect(timeout.arrived.map(\.target) == ["/healthChecker"])
        #expect(timeout.description.contains("a request with method POST, path /api/products; none arrived"))
        #expect(timeout.description.contains("#1 GET /healthChecker → 200"))
    }

    @Test func aWaitOnAnEmulatorWithoutAJournalSaysSo() async throws {
        let emulator = try OpenMarketEmulator(.init(generation: .v2b, journal: 0))
        let error = await #expect(throws: OpenMarketError.self) {
            try await emulator.client.admin.waitForSentRequest(Self.productPosts, timeout: .milliseconds(50))
        }
        guard case .sentRequestTimedOut(let timeout)? = error else {
            Issue.record("expected sentRequestTimedOut, got \(String(describing: error))")
            return
        }
        #expect(timeout.description.contains("keeps no journal"))
    }

    @Test func sentRequestsReadsEveryPageOldestFirst() async throws {
        for page in 1...130 {
            _ = try await app.session.data(from: URL(string: "\(emulator.baseURL)/api/products?page_no=\(page)&items_per_page=1")!)
        }
        let sent = try await emulator.client.admin.sentRequests(JournalFilter(method: "GET"))
        #expect(sent.count == 130)
        #expect(sent.first?.query == [.init(name: "page_no", value: "1"), .init(name: "items_per_page", value: "1")])
        #expect(sent.last?.query.first?.value == "130")
        #expect(sent.map(\.id) == sent.map(\.id).sorted())
        let newest = try await emulator.client.admin.sentRequests(JournalFilter(limit: 3, method: "GET"))
        #expect(newest.map { $0.query.first?.value } == ["128", "129", "130"])
    }

    @Test func aBodyLongerThanTheJournalKeepsSaysWhereItWasCut() async throws {
        let emulator = try OpenMarketEmulator(.init(generation: .v2b, journalBodyBytes: 30_000))
        let app = CourseAppNetworking(
            session: URLSession(configuration: emulator.sessionConfiguration()), baseURL: emulator.baseURL,
            identifier: "demo-vendor-identifier")
        try await app.register(mug, images: photos)

        let post = try await emulator.client.admin.waitForSentRequest(Self.productPosts, timeout: .seconds(10))
        #expect(post.status == 201)
        #expect(!post.bodyIsComplete)
        #expect(post.body.count == 30_000)
        #expect(post.cutPartName == "images")
        #expect(post.parts.map(\.name) == ["params", "images"], "the parts before the cut, whole")
        #expect(post.explanation.contains("the journal kept the first 30000 of"))
    }

    @Test func aRaisedCapKeepsALargeBodyWhole() async throws {
        let emulator = try OpenMarketEmulator(.init(generation: .v2b, journalBodyBytes: 4 << 20))
        let app = CourseAppNetworking(
            session: URLSession(configuration: emulator.sessionConfiguration()), baseURL: emulator.baseURL,
            identifier: "demo-vendor-identifier")
        let large = Data(SampleImages.jpeg(size: 2 << 20))
        try await app.register(mug, images: [large])

        let post = try await emulator.client.admin.waitForSentRequest(Self.productPosts, timeout: .seconds(10))
        #expect(post.bodyIsComplete && post.cutPartName == nil)
        #expect(post.part(named: "images")?.data == large)
    }

    @Test func aSetupRefusesACapOutOfRange() {
        #expect(throws: OpenMarketEmulator.SetupError.self) {
            try OpenMarketEmulator(.init(generation: .v2b, journalBodyBytes: -1))
        }
    }
}
