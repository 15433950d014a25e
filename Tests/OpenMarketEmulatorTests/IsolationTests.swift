import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketClient
import OpenMarketEmulator
import Testing

/// Emulators side by side, all answering the same real host: each session reaches the emulator that made it.
@Suite struct IsolationTests {
    @Test("24 emulators written to at once each see only their own writes")
    func sideBySide() async throws {
        let emulators = try (0..<24).map { _ in try OpenMarketEmulator(.init(generation: .v2b)) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, emulator) in emulators.enumerated() {
                group.addTask {
                    for copy in 0..<2 {
                        _ = try await emulator.client.createProduct(.sample(name: "emulator \(index) #\(copy)"))
                    }
                }
            }
            try await group.waitForAll()
        }
        for (index, emulator) in emulators.enumerated() {
            let page = try await emulator.client.productPage()
            #expect(page?.products.map(\.name) == ["emulator \(index) #1", "emulator \(index) #0"])
            let journal = try await emulator.client.admin.requests()
            #expect(journal.total == 3, "two creates and the list, none of another emulator's")
        }
    }

    @Test("faults and latency set on one emulator touch no other")
    func faultsStayPut() async throws {
        let faulty = try EmulatorSession()
        let healthy = try EmulatorSession()
        _ = try await faulty.emulator.client.admin.addFault(FaultRule(path: "/healthChecker", action: .drop))
        try await faulty.emulator.client.admin.setLatency(milliseconds: 60_000...60_000)
        let (_, response) = try await healthy.get("/healthChecker")
        #expect(response.statusCode == 200)
    }

    @Test("a session that outlives its emulator fails its requests instead of reaching the real host")
    func outlived() async throws {
        var emulator: OpenMarketEmulator? = try OpenMarketEmulator(.init(generation: .v2b))
        let session = URLSession(configuration: emulator!.sessionConfiguration())
        emulator = nil
        let market = EmulatorSession(session: session)
        let outcome = await market.complete(URLRequest(url: market.url("/healthChecker")))
        #expect(outcome.error == .cannotConnectToHost)
    }
}
