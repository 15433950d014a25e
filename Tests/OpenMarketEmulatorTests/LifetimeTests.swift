import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketClient
import OpenMarketEmulator
import OpenMarketEmulatorCore
import Testing

/// An emulator that nothing holds is freed with its store, whatever it served; a session that outlives it fails its
/// requests as a server that is gone would. (An installed one is freed too: `InstallTests`.)
@Suite struct LifetimeTests {
    @Test("an emulator that served a list page, a detail and a create is freed with its store once dropped")
    func freed() async throws {
        var session: URLSession?
        let watched = try await used(keeping: &session)
        #expect(try await watched.released(), "the emulator, its core or its store outlived the last reference to it")
        let kept = try #require(session)
        let outcome = await EmulatorSession(session: kept).complete(
            URLRequest(url: URL(string: "https://\(OpenMarketEmulator.Generation.v2b.host)/api/products")!))
        #expect(outcome.error == .cannotConnectToHost)
    }

    @Test("a session that ran requests through an emulator is freed once invalidated, with its protocol objects")
    func sessionFreed() async throws {
        let emulator = try OpenMarketEmulator(.init(generation: .v2b, seed: .demo))
        weak var released: URLSession?
        do {
            let session = URLSession(configuration: emulator.sessionConfiguration())
            released = session
            for path in ["api/products", "api/products/1", "healthChecker"] {
                let (_, response) = try await session.data(from: emulator.baseURL.appendingPathComponent(path))
                #expect((response as? HTTPURLResponse)?.statusCode == 200)
            }
            session.finishTasksAndInvalidate()
        }
        let deadline = Date().addingTimeInterval(10)
        while released != nil, Date() < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(released == nil, "a protocol object kept its task, and the task its session")
    }

    /// Makes a demo emulator, has it answer a list's first page (which its cache computes again after writes), a
    /// detail and a create through its own client and through a session of its own, which it leaves in `session`, and
    /// lets it go.
    private func used(keeping session: inout URLSession?) async throws -> WatchedEmulator {
        let emulator = try OpenMarketEmulator(.init(generation: .v2b, seed: .demo))
        let client = emulator.client
        _ = try await client.productPage()
        _ = try await client.productDetail(id: 1)
        _ = try await client.createProduct(.sample(name: "kept?"))
        _ = try await client.productPage()
        let own = URLSession(configuration: emulator.sessionConfiguration())
        let (_, response) = try await own.data(from: emulator.baseURL.appendingPathComponent("api/products"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        session = own
        return WatchedEmulator(emulator)
    }
}

/// Weak references to an emulator and what it owns.
struct WatchedEmulator {
    weak var emulator: OpenMarketEmulator?
    weak var core: Emulator?
    weak var store: AnyObject?

    init(_ emulator: OpenMarketEmulator? = nil) {
        self.emulator = emulator
        core = emulator?.emulator
        store = emulator?.emulator.store
    }

    var gone: Bool { emulator == nil && core == nil && store == nil }

    /// Whether all are gone within `seconds`: what is released on another queue (the response cache's refresh
    /// after a write) gets that long.
    func released(within seconds: Double = 10) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !gone, Date() < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        return gone
    }
}
