import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketClient
import OpenMarketEmulator
import OpenMarketHTTPTestSupport
import Testing

/// A slow network in process: bodies cross at the rates `setNetwork` gives, on timers, as an app sees them.
///
/// A rate is proven by a floor (a body cannot cross faster than its rate) and by the order things happen in. The
/// ceilings are deadlines, not speeds: in the full parallel suite on two cores, the synchronous tests hold the
/// cooperative pool for seconds at a time and a 3 s transfer has been seen to take 47 s.
@Suite struct NetworkPaceTests {
    /// Counted from before an `await` to after it, so it includes the wait for the cooperative pool to resume the
    /// test, which a sanitizer's slowdown stretches further: the TSan leg failed the paced upload here once (its log
    /// was lost), and this ceiling, 120 s then, is the one check in it that a slow run alone can fail. Only a hang
    /// should run into it; what the rate decides, the floors check.
    private static let deadline = Duration.seconds(600)

    private let photo = Data(SampleImages.jpeg(size: 300_000))
    private let mug = CourseAppNetworking.ProductDraft(
        name: "Mug", description: "A blue mug", price: 12_000, currency: "KRW", stock: 5, secret: "demo-vendor-secret")

    private func appAndEmulator(_ options: OpenMarketEmulator.Options = .init(generation: .v2b)) throws
        -> (CourseAppNetworking, OpenMarketEmulator)
    {
        let emulator = try OpenMarketEmulator(options)
        let app = CourseAppNetworking(
            session: URLSession(configuration: emulator.sessionConfiguration()), baseURL: emulator.baseURL,
            identifier: "demo-vendor-identifier")
        return (app, emulator)
    }

    /// The first image's URL in a created product's JSON.
    private static func firstImageURL(of created: Data) -> URL? {
        let images = created.json["images"] as? [[String: Any]]
        return (images?.first?["url"] as? String).flatMap { URL(string: $0) }
    }

    @Test("300 KB up at 100 KB/s takes about 3 s, and the product exists only once the body has crossed")
    func upload() async throws {
        let (app, emulator) = try appAndEmulator()
        try await emulator.client.admin.setNetwork(NetworkConditions(uploadBytesPerSecond: 100_000))
        let started = ContinuousClock.now
        let (created, response) = try await app.register(mug, images: [photo])
        let elapsed = ContinuousClock.now - started
        #expect(response.statusCode == 201, "\(String(decoding: created, as: UTF8.self))")
        #expect(elapsed >= .milliseconds(2_900) && elapsed < Self.deadline, "took \(elapsed)")
    }

    @Test("300 KB down at 100 KB/s takes about 3 s and arrives in many pieces")
    func download() async throws {
        let (app, emulator) = try appAndEmulator()
        let (created, _) = try await app.register(mug, images: [photo])
        let imageURL = try #require(Self.firstImageURL(of: created))
        try await emulator.client.admin.setNetwork(NetworkConditions(downloadBytesPerSecond: 100_000))

        let started = ContinuousClock.now
        let transfer = await TransferObserver().run(URLRequest(url: imageURL), configuration: emulator.sessionConfiguration())
        let elapsed = ContinuousClock.now - started
        #expect(transfer.status == 200 && transfer.error == nil)
        #expect(transfer.bytes == photo.count)
        #expect(elapsed >= .milliseconds(2_900) && elapsed < Self.deadline, "took \(elapsed)")
        #expect(transfer.pieces.count >= 100, "in steps of 2,000 bytes (20 ms at 100 KB/s)")
        let halfway = transfer.pieces[transfer.pieces.count / 2].at
        #expect(halfway - started >= .milliseconds(1_200), "half the body came after about half the time")
    }

    @Test("a body stream is read at the upload rate too")
    func bodyStream() async throws {
        let (_, emulator) = try appAndEmulator()
        try await emulator.client.admin.setNetwork(NetworkConditions(uploadBytesPerSecond: 20_000))
        var request = URLRequest(url: emulator.baseURL.appendingPathComponent("api/products"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBodyStream = InputStream(data: Data(repeating: 0x20, count: 20_000))
        let started = ContinuousClock.now
        let transfer = await TransferObserver().run(request, configuration: emulator.sessionConfiguration())
        let elapsed = ContinuousClock.now - started
        #expect(transfer.status != nil)
        #expect(elapsed >= .milliseconds(950) && elapsed < Self.deadline, "took \(elapsed)")
        let sent = try await emulator.client.admin.sentRequests(JournalFilter(method: "POST"))
        #expect(sent.first?.body.count == 20_000)
    }

    @Test("a timeoutInterval shorter than the wait for the next piece fails with timedOut after the response came")
    func timeoutMidBody() async throws {
        let (app, emulator) = try appAndEmulator()
        let (created, _) = try await app.register(mug, images: [photo])
        let imageURL = try #require(Self.firstImageURL(of: created))
        try await emulator.client.admin.setNetwork(NetworkConditions(downloadBytesPerSecond: 1_000))
        var request = URLRequest(url: imageURL)
        request.timeoutInterval = 0.5

        let started = ContinuousClock.now
        let transfer = await TransferObserver().run(request, configuration: emulator.sessionConfiguration())
        #expect(transfer.status == 200, "the headers came")
        #expect(transfer.error == .timedOut)
        #expect(transfer.bytes < photo.count)
        #expect(ContinuousClock.now - started < .seconds(60), "the whole body would take 300 s")
    }

    @Test("an upload whose next piece takes longer than the timeoutInterval fails, and the server never answers it")
    func uploadTimeout() async throws {
        let (_, emulator) = try appAndEmulator()
        try await emulator.client.admin.setNetwork(NetworkConditions(uploadBytesPerSecond: 1_000))
        var request = URLRequest(url: emulator.baseURL.appendingPathComponent("api/products"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(repeating: 0x20, count: 5_000)
        request.timeoutInterval = 0.3
        let transfer = await TransferObserver().run(request, configuration: emulator.sessionConfiguration())
        #expect(transfer.error == .timedOut)
        #expect(transfer.status == nil)
        #expect(try await emulator.client.admin.sentRequests().isEmpty, "the body never arrived whole")
    }

    @Test("cancelling a download mid-body stops it: the task hears cancelled, and no piece comes after")
    func cancelMidBody() async throws {
        let (app, emulator) = try appAndEmulator()
        let (created, _) = try await app.register(mug, images: [photo])
        let imageURL = try #require(Self.firstImageURL(of: created))
        try await emulator.client.admin.setNetwork(NetworkConditions(downloadBytesPerSecond: 100_000))
        let observer = TransferObserver(cancellingAfter: 20_000)
        let transfer = await observer.run(URLRequest(url: imageURL), configuration: emulator.sessionConfiguration())
        #expect(transfer.error == .cancelled)
        #expect(transfer.bytes >= 20_000 && transfer.bytes < 30_000, "no piece after the cancel: \(transfer.bytes)")
    }

    @Test("32 slow downloads cross at the same time: no thread waits for a body")
    func manyAtOnce() async throws {
        let (app, emulator) = try appAndEmulator()
        let (created, _) = try await app.register(mug, images: [Data(SampleImages.jpeg(size: 50_000))])
        let imageURL = try #require(Self.firstImageURL(of: created))
        try await emulator.client.admin.setNetwork(NetworkConditions(downloadBytesPerSecond: 50_000))
        let configuration = emulator.sessionConfiguration()
        let started = ContinuousClock.now
        let transfers = await withTaskGroup(of: TransferObserver.Transfer.self) { group in
            for _ in 0..<32 {
                group.addTask { await TransferObserver().run(URLRequest(url: imageURL), configuration: configuration) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let elapsed = ContinuousClock.now - started
        #expect(transfers.allSatisfy { $0.error == nil && $0.bytes == 50_004 })
        #expect(elapsed >= .milliseconds(990) && elapsed < Self.deadline, "took \(elapsed)")
        // All at once, not one after another: every body's first piece came before any body's last one.
        let firstPieces = transfers.compactMap { $0.pieces.first?.at }
        let lastPieces = transfers.compactMap { $0.pieces.last?.at }
        let latestFirstPiece = try #require(firstPieces.max())
        let earliestLastPiece = try #require(lastPieces.min())
        #expect(latestFirstPiece < earliestLastPiece)
    }

    @Test("a timeoutInterval longer than each piece's wait lets a slow body finish, as on a network")
    func slowButSteady() async throws {
        let (_, emulator) = try appAndEmulator(.init(generation: .v2b, seed: .demo))
        try await emulator.client.admin.setNetwork(NetworkConditions(downloadBytesPerSecond: 20_000))
        var request = URLRequest(url: emulator.baseURL.appendingPathComponent("api/products"))
        request.timeoutInterval = 0.5
        let transfer = await TransferObserver().run(request, configuration: emulator.sessionConfiguration())
        #expect(transfer.status == 200 && transfer.error == nil)
        #expect(transfer.pieces.count > 1)
    }

    @Test("each profile the server names is the client's, and network() reads back what setNetwork set")
    func profiles() async throws {
        let (app, emulator) = try appAndEmulator()
        let admin = emulator.client.admin
        let profiles: [(String, NetworkConditions)] = [
            ("unlimited", .unlimited), ("edge", .edge), ("3g", .threeG), ("lte", .lte), ("dsl", .dsl),
            ("wifi", .wifi), ("very-bad-network", .veryBadNetwork),
        ]
        for (name, conditions) in profiles {
            var put = URLRequest(url: emulator.baseURL.appendingPathComponent("__admin/network"))
            put.httpMethod = "PUT"
            put.httpBody = Data(#"{"profile": "\#(name)"}"#.utf8)
            let (body, response) = try await app.session.data(for: put)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(body.json["profile"] as? String == name)
            #expect(try await admin.network() == conditions, "\(name)")
            try await admin.setNetwork(.unlimited)
            try await admin.setNetwork(conditions)
            #expect(try await admin.network() == conditions, "\(name) through setNetwork")
        }
        // Without a latency of its own, a setting leaves the latency as it was: the last profile's.
        try await admin.setNetwork(NetworkConditions(downloadBytesPerSecond: 5_000))
        #expect(try await admin.network() == NetworkConditions(downloadBytesPerSecond: 5_000, latencyMilliseconds: 1000))
    }

    @Test("bad conditions are refused with what to send, and change nothing")
    func refusals() async throws {
        let (_, emulator) = try appAndEmulator()
        let admin = emulator.client.admin
        await #expect {
            try await admin.setNetwork(NetworkConditions(downloadBytesPerSecond: 0))
        } throws: { error in
            guard case .adminRefused(let failure) = error as? OpenMarketError else { return false }
            return failure.statusCode == 400 && failure.message.contains("bytes per second")
        }
        #expect(try await admin.network() == .unlimited)
    }

    @Test("Options.network sets the rates and the profile's latency; an explicit latency wins")
    func options() async throws {
        let (_, edge) = try appAndEmulator(.init(generation: .v2b, network: .edge))
        #expect(try await edge.client.admin.network() == .edge)
        let (_, quick) = try appAndEmulator(.init(generation: .v2b, latency: 5...5, network: .edge))
        #expect(try await quick.client.admin.network().latencyMilliseconds == 5)
        #expect(throws: OpenMarketEmulator.SetupError.self) {
            try OpenMarketEmulator(.init(generation: .v2b, network: NetworkConditions(uploadBytesPerSecond: -3)))
        }
    }
}
