import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketClient
import OpenMarketEmulator
import Testing

/// `install()` is global, so these tests run one at a time, and every test that installs is here. The emulators
/// answer 127.0.0.1:1, where nothing listens: a request they do not take fails with a refused connection instead of
/// reaching any server. docs/in-process-tests.md says which sessions are reached on each platform; so do these tests.
@Suite(.serialized) struct InstallTests {
    private static let host = "127.0.0.1:1"
    #if canImport(FoundationNetworking)
    private static let applePlatforms = false
    #else
    private static let applePlatforms = true
    #endif

    /// An app's own protocol class that only watches (a logger): it takes no request.
    private final class WatchingProtocol: URLProtocol {
        override class func canInit(with request: URLRequest) -> Bool { false }
    }

    /// Each kind of session an app makes, made now, and whether an installed emulator reaches it.
    private func sessions() -> [(kind: String, session: URLSession, reached: Bool)] {
        let custom = URLSessionConfiguration.default
        custom.protocolClasses = [WatchingProtocol.self]
        return [
            // Linux: only if nothing used the shared session before the first install() of the process, which the
            // whole suite run in one process does not promise; the emulator says which it is.
            ("URLSession.shared", .shared, Self.applePlatforms || OpenMarketEmulator.installReachesSharedSession),
            ("URLSessionConfiguration.default", URLSession(configuration: .default), Self.applePlatforms),
            ("URLSessionConfiguration.ephemeral", URLSession(configuration: .ephemeral), Self.applePlatforms),
            // Linux: its classes take nothing, so the registered ones are asked, the installed one first. Apple
            // platforms: the app's list replaced the one `.default` gave, so the installed class is not in it.
            ("a configuration with the app's own protocol classes", URLSession(configuration: custom), !Self.applePlatforms),
        ]
    }

    private func outcome(_ session: URLSession, _ path: String = "/healthChecker") async -> Completion {
        await EmulatorSession(session: session).complete(URLRequest(url: URL(string: "http://\(Self.host)\(path)")!))
    }

    /// The names on the first page of the list as `session` gets it; nil when it got no answer.
    private func names(_ session: URLSession) async -> [String]? {
        let answer = await outcome(session, "/api/products?page_no=1&items_per_page=10")
        guard answer.status == 200, let pages = answer.body?.json["pages"] as? [[String: Any]] else { return nil }
        return pages.compactMap { $0["name"] as? String }
    }

    @Test("installed, each kind of session is reached or not as documented; uninstalled, none is")
    func reach() async throws {
        let emulator = try OpenMarketEmulator(.init(generation: .v2b, hosts: [Self.host]))
        emulator.install()
        let sessions = sessions()
        for (kind, session, reached) in sessions {
            let answer = await outcome(session)
            if reached {
                #expect(answer.status == 200, "\(kind)")
            } else {
                #expect(answer.error == .cannotConnectToHost, "\(kind)")
            }
        }
        emulator.uninstall()
        for (kind, session, _) in sessions + self.sessions() {
            #expect(await outcome(session).error == .cannotConnectToHost, "\(kind)")
        }
    }

    @Test("a later install() replaces the earlier one in every session it reaches, so each test has its own store")
    func replaced() async throws {
        let first = try OpenMarketEmulator(.init(generation: .v2b, hosts: [Self.host]))
        let second = try OpenMarketEmulator(.init(generation: .v2b, hosts: [Self.host]))
        _ = try await first.client.createProduct(.sample(name: "first's"))
        _ = try await second.client.createProduct(.sample(name: "second's"))
        first.install()
        let madeUnderFirst = sessions().filter(\.reached)
        #expect(!madeUnderFirst.isEmpty)
        for (kind, session, _) in madeUnderFirst {
            #expect(await names(session) == ["first's"], "\(kind)")
        }
        second.install()
        for (kind, session, _) in madeUnderFirst + sessions().filter(\.reached) {
            #expect(await names(session) == ["second's"], "\(kind)")
        }
        first.uninstall()
        for (kind, session, _) in madeUnderFirst {
            #expect(await names(session) == ["second's"], "\(kind): uninstalling an emulator that is not installed")
        }
        second.uninstall()
        for (kind, session, _) in madeUnderFirst {
            #expect(await outcome(session).error == .cannotConnectToHost, "\(kind)")
        }
    }

    @Test("an installed emulator is not kept alive by being installed; its hosts then fail as a server that is gone")
    func installedAndDropped() async throws {
        var watched = WatchedEmulator()
        do {
            let emulator = try OpenMarketEmulator(.init(generation: .v2b, hosts: [Self.host]))
            emulator.install()
            _ = try await emulator.client.productPage()
            watched = WatchedEmulator(emulator)
        }
        #expect(try await watched.released())
        for (kind, session, reached) in sessions() where reached {
            #expect(await outcome(session).error == .cannotConnectToHost, "\(kind)")
        }
    }
}
