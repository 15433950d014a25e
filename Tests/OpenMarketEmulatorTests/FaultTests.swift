import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketClient
import OpenMarketEmulator
import Testing

/// Faults, latency, timeouts and cancellation as an app sees them through a real URLSession.
@Suite struct FaultTests {
    @Test("drop and reset fail as a lost connection; truncate too, after part of the body", arguments: [
        FaultAction.drop, .reset, .truncate,
    ])
    func brokenAnswers(action: FaultAction) async throws {
        let market = try EmulatorSession(.init(generation: .v2b, seed: .demo))
        _ = try await market.emulator.client.admin.addFault(FaultRule(path: "/api/products", action: action, times: 1))
        let broken = await market.complete(URLRequest(url: market.url("/api/products?page_no=1&items_per_page=20")))
        #expect(broken.error == .networkConnectionLost)
        #expect(try await market.emulator.client.admin.requests().total == 1, "the answer was made, then broken")
        let healed = await market.complete(URLRequest(url: market.url("/api/products?page_no=1&items_per_page=20")))
        #expect(healed.status == 200)
    }

    @Test("a request whose timeoutInterval runs out during the latency fails with timedOut")
    func timeout() async throws {
        let market = try EmulatorSession(.init(generation: .v2b, latency: 60_000...60_000))
        var request = URLRequest(url: market.url("/healthChecker"))
        request.timeoutInterval = 0.2
        let outcome = await market.complete(request)
        #expect(outcome.error == .timedOut)
        #expect(outcome.status == nil)
    }

    @Test("latency delays the answer without holding the queue: admin calls answer while API requests wait")
    func latencyHoldsNoThread() async throws {
        let market = try EmulatorSession(.init(generation: .v2b, latency: 60_000...60_000))
        var tasks: [URLSessionDataTask] = []
        for _ in 0..<32 {
            let task = market.session.dataTask(with: URLRequest(url: market.url("/healthChecker")))
            task.resume()
            tasks.append(task)
        }
        // Admin requests are never delayed; they answer on the same session while 32 API requests wait.
        let health = try await market.emulator.client.admin.health()
        #expect(health.generation == "v2b")
        let (_, response) = try await market.get("/__admin/health")
        #expect(response.statusCode == 200)
        tasks.forEach { $0.cancel() }
    }

    @Test("cancelling a task stops its delay: the handler hears cancelled, not the answer")
    func cancel() async throws {
        let market = try EmulatorSession(.init(generation: .v2b, latency: 60_000...60_000))
        let outcome = await market.complete(URLRequest(url: market.url("/healthChecker"))) { $0.cancel() }
        #expect(outcome.error == .cancelled)
        #expect(outcome.status == nil)
    }

    @Test("the latency option and the admin latency call both delay answers, and 0 turns it off")
    func latencyRange() async throws {
        let market = try EmulatorSession(.init(generation: .v2b, latency: 100...200, faultSeed: 7))
        var request = URLRequest(url: market.url("/healthChecker"))
        request.timeoutInterval = 0.05
        #expect(await market.complete(request).error == .timedOut)
        try await market.emulator.client.admin.setLatency(milliseconds: 0...0)
        #expect(await market.complete(request).status == 200)
    }
}
