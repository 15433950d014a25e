import Foundation
import OpenMarketClient
import OpenMarketTesting
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real binary started and stopped the ways a test suite does.
@Suite(.timeLimit(.minutes(1))) struct ServerLifecycleTests {
    @Test(arguments: try servedGenerations())
    func startsOnALoopbackPortAndStopsAfterTheScope(generation: OpenMarketServer.Generation) async throws {
        let pid = try await OpenMarketServer.with(builtServerOptions(generation)) { server in
            #expect(server.baseURL.host == "127.0.0.1")
            #expect(server.port > 0)
            #expect(server.standardOutput.hasPrefix("openmarket \(generation.rawValue) listening on \(server.baseURL)"))
            let status = try await firstPageStatus(server, generation)
            #expect(status == 200)
            return server.processIdentifier
        }
        #expect(processIsGone(pid))
    }

    @Test func aGenerationTheBinaryDoesNotServeIsRefusedWithTheOnesItDoes() async throws {
        let listed = try servedGenerations().map(\.rawValue).joined(separator: ", ")
        #expect(listed.contains("v2b"))
        await #expect {
            try await OpenMarketServer.with(builtServerOptions(.init(rawValue: "v9z"))) { _ in }
        } throws: { error in
            guard case OpenMarketTestingError.exitedBeforeListening(_, let standardError) = error else { return false }
            return standardError.contains("v9z") && standardError.contains(listed)
        }
    }

    @Test func theProcessIsGoneWhenTheBodyThrows() async throws {
        var pid: Int32 = 0
        await #expect(throws: DeliberateFailure.self) {
            try await OpenMarketServer.with(builtServerOptions()) { server in
                pid = server.processIdentifier
                throw DeliberateFailure()
            }
        }
        #expect(pid > 0)
        #expect(processIsGone(pid))
    }

    @Test func aServerNoLongerReferencedIsStopped() async throws {
        var server: OpenMarketServer? = try await OpenMarketServer.start(builtServerOptions())
        let pid = try #require(server?.processIdentifier)
        #expect(!processIsGone(pid))
        server = nil
        #expect(processIsGone(pid))
    }

    @Test func stopTwiceStopsOnce() async throws {
        let server = try await OpenMarketServer.start(builtServerOptions())
        server.stop()
        server.stop()
        #expect(processIsGone(server.processIdentifier))
    }

    @Test func twoServersInParallelGetTheirOwnPortsAndData() async throws {
        async let first = OpenMarketServer.start(builtServerOptions())
        async let second = OpenMarketServer.start(builtServerOptions())
        let servers = try await [first, second]
        #expect(servers[0].port != servers[1].port)
        let created = try await servers[0].client.createProduct(
            NewProduct(name: "Only here", description: "on the first server", price: 1000, currency: .krw, images: [samplePNG]))
        #expect(try await servers[0].client.productDetail(id: created.id).name == "Only here")
        #expect(try await servers[1].client.productPage()?.totalCount == 0)
    }

    @Test func theDemoSeedListsAtLeastFiftyProductsThroughTheClient() async throws {
        try await OpenMarketServer.with(builtServerOptions(seed: .demo)) { server in
            let page = try #require(try await server.client.productPage(itemsPerPage: 100))
            #expect(page.totalCount >= 50)
            #expect(page.products.count == page.totalCount)
        }
    }

    @Test func theClientWritesAsTheFirstConfiguredVendor() async throws {
        var options = try builtServerOptions()
        options.vendors = [
            .init(name: "teashop", identifier: "teashop-id", secret: "teashop-secret"),
            .init(name: "other", identifier: "other-id", secret: "other-secret"),
        ]
        try await OpenMarketServer.with(options) { server in
            let created = try await server.client.createProduct(
                NewProduct(name: "Green tea", description: "loose leaf", price: 12, currency: .usd, images: [samplePNG]))
            #expect(created.vendor.name == "teashop")
        }
    }

    @Test func aServerThatExitsAtStartGivesItsStandardError() async throws {
        var options = try builtServerOptions()
        options.seed = .file(URL(fileURLWithPath: "/nonexistent/openmarket-fixture.json"))
        let error = await #expect(throws: OpenMarketTestingError.self) {
            try await OpenMarketServer.start(options)
        }
        guard case .exitedBeforeListening(let status, let standardError) = error else {
            Issue.record("expected exitedBeforeListening, got \(String(describing: error))")
            return
        }
        #expect(status != 0)
        #expect(standardError.contains("/nonexistent/openmarket-fixture.json"))
    }
}
