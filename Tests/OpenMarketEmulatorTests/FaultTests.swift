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

    @Test("delayed answers and streamed bodies, many at once on one session, each reach their own task whole")
    func manyDelayedAtOnce() async throws {
        let market = try EmulatorSession(.init(generation: .v2b, seed: .demo, latency: 1...3))
        let (expected, _) = try await market.get("/api/products?page_no=1&items_per_page=5")
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            var statuses: [Int] = []
            for index in 0..<160 {
                if index >= 16, let status = try await group.next() { statuses.append(status) }
                group.addTask {
                    guard index.isMultiple(of: 4) else {
                        let (body, response) = try await market.get("/api/products?page_no=1&items_per_page=5")
                        #expect(body == expected)
                        return response.statusCode
                    }
                    // A body stream is read off the loading system's queue, then handed back to it.
                    var request = URLRequest(url: market.url("/api/products"))
                    request.httpMethod = "POST"
                    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                    request.httpBodyStream = InputStream(data: Data("{}".utf8))
                    return try await market.send(request).response.statusCode
                }
            }
            for try await status in group { statuses.append(status) }
            return statuses
        }
        #expect(statuses.count == 160)
        #expect(statuses.filter { $0 == 200 }.count == 120, "every list answer")
        #expect(Set(statuses.filter { $0 != 200 }).count == 1, "every streamed create answered alike: \(Set(statuses))")
        #expect(try await market.emulator.client.admin.requests().total >= 160)
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
