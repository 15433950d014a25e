import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketEmulator
import Testing

// This file imports OpenMarketEmulator and nothing else of this package, as an app's test does: every name it
// spells (each type annotation is on purpose) must come with that one import.

/// A test as an app's author writes it with `import OpenMarketEmulator` alone: products and a vendor given at
/// creation, the app's requests checked, faults, snapshots, the network, and every way an admin call fails.
@Suite("import OpenMarketEmulator alone")
struct OneImportTests {
    @Test("the admin API and all its types come with the one import")
    func everythingATestNeeds() async throws {
        let vendor = OpenMarketEmulator.Vendor(identifier: "shop-identifier", secret: "shop-secret")
        let mug: SeedProduct = SeedProduct(
            id: 7, name: "Mug", price: 9_000, images: [OpenMarketEmulator.samplePNG(), OpenMarketEmulator.sampleJPEG()])
        let emulator = try OpenMarketEmulator(.init(generation: .v2b, vendors: [vendor], products: [mug]))
        let admin: OpenMarketAdmin = emulator.client.admin
        let session = URLSession(configuration: emulator.sessionConfiguration())

        // The app registers a product with the session's completion handler, as many apps do; the test waits for
        // whatever it sent first, and reads its parts. Not from a Task: in the whole suite on two cores (under
        // ThreadSanitizer a CI run saw it), other tests' blocking waits can hold Swift's cooperative pool until a wait
        // of 120 s has run out, and the post would start only after it. The wait is only a hang guard: it asks the
        // journal once more when its time runs out.
        session.dataTask(with: Self.registration(of: OpenMarketEmulator.sampleJPEG(1))) { _, _, _ in }.resume()
        let sent: SentRequest = try await admin.waitForSentRequest(timeout: .seconds(120))
        #expect(sent.method == "POST" && sent.status == 201, "\(sent.explanation)")
        let image: SentPart = try #require(sent.part(named: "images"))
        #expect(image.detectedType == "image/jpeg")
        #expect(sent.header("identifier") == "shop-identifier")

        let filter: JournalFilter = JournalFilter(method: "POST", path: "/api/products")
        let page: JournalPage = try await admin.requests(filter)
        let summary: JournalSummary = try #require(page.requests.first)
        let entry: JournalEntry = try await admin.request(id: summary.id)
        let reading: MultipartReading = try #require(entry.request.multipart)
        #expect(reading.parts.map(\.name) == ["params", "images"])

        let rule = FaultRule(path: "/api/products/7", action: FaultAction.respond, status: 503, times: 1)
        let fault: Fault = try await admin.addFault(rule)
        #expect(fault.rule.status == 503)
        let (_, faulted) = try await session.data(from: URL(string: "https://openmarket.yagom-academy.kr/api/products/7")!)
        #expect((faulted as? HTTPURLResponse)?.statusCode == 503)

        let snapshot: Snapshot = try await admin.takeSnapshot(named: "with-the-mug")
        let snapshots: SnapshotList = try await admin.snapshots()
        #expect(snapshots.snapshots.map(\.name) == [snapshot.name])
        let network = NetworkConditions(downloadBytesPerSecond: 5_000_000, latencyMilliseconds: 0)
        try await admin.setNetwork(network)
        #expect(try await admin.network() == network)
        let health: AdminHealth = try await admin.health()
        #expect(health.database.products == 2)

        // Data the API could not make, on purpose; and a v1 item in v1's words.
        let euro = SeedProduct(name: "Euro", price: 1, currency: "EUR", images: [OpenMarketEmulator.samplePNG(2)])
        #expect(try emulator.insert([euro], allowingWhatTheAPIRefuses: true) == [9])
        let v1 = try OpenMarketEmulator(.init(
            generation: .v1a,
            products: [SeedProduct(id: 392, title: "MacBook Pro", price: 1_690_000, password: "1234", images: [OpenMarketEmulator.sampleJPEG()])]))
        #expect(try await v1.client.admin.health().database.products == 1)

        // Every way an admin call or a wait fails.
        let refusal: AdminFailure? = await Self.failure { try await admin.restoreSnapshot(named: "never-taken") }?.adminFailure
        #expect(refusal?.statusCode == 404)
        let status: HTTPStatusFailure? = await Self.failure { try await emulator.client.productDetail(id: 404) }?.statusFailure
        #expect(status?.statusCode == 404)
        let timeout: SentRequestTimeout? = await Self.failure {
            try await admin.waitForSentRequest(JournalFilter(method: "DELETE"), timeout: .milliseconds(20))
        }?.timeout
        #expect(timeout?.description.contains("a request with method DELETE") == true)
        let decoding: DecodingFailure = DecodingFailure(keyPath: "pages[0].price", reason: "not a number")
        #expect(OpenMarketError.decoding(decoding).decodingFailure == decoding)
    }

    private static func failure<Answer>(_ call: () async throws -> Answer) async -> OpenMarketError? {
        do {
            _ = try await call()
            return nil
        } catch {
            return error as? OpenMarketError
        }
    }

    /// What an app's registration screen sends to v2b: the product's `params` and one image.
    private static func registration(of jpeg: Data) -> URLRequest {
        let boundary = "Boundary-OneImport"
        var body = Data()
        body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"params\"\r\n\r\n".utf8))
        body.append(Data(#"{"name":"Cup","description":"tea","price":5000,"currency":"KRW","secret":"shop-secret"}"#.utf8))
        body.append(Data("\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"images\"; filename=\"cup.jpg\"\r\n".utf8))
        body.append(Data("Content-Type: image/jpeg\r\n\r\n".utf8) + jpeg)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        var request = URLRequest(url: URL(string: "https://openmarket.yagom-academy.kr/api/products")!)
        request.httpMethod = "POST"
        request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
        request.setValue("shop-identifier", forHTTPHeaderField: "identifier")
        request.httpBody = body
        return request
    }
}

extension OpenMarketError {
    fileprivate var adminFailure: AdminFailure? {
        if case .adminRefused(let failure) = self { failure } else { nil }
    }

    fileprivate var statusFailure: HTTPStatusFailure? {
        if case .httpStatus(let failure) = self { failure } else { nil }
    }

    fileprivate var timeout: SentRequestTimeout? {
        if case .sentRequestTimedOut(let timeout) = self { timeout } else { nil }
    }

    fileprivate var decodingFailure: DecodingFailure? {
        if case .decoding(let failure) = self { failure } else { nil }
    }
}
