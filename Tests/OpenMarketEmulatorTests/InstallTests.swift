import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketEmulator
import Testing

/// `install()` registers the emulator's protocol globally, so these tests run one at a time. The emulator answers
/// 127.0.0.1:1, where nothing listens: a request it does not take fails with a refused connection instead of
/// reaching any server.
@Suite(.serialized) struct InstallTests {
    private func outcome(_ session: URLSession) async -> Completion {
        await EmulatorSession(session: session).complete(URLRequest(url: URL(string: "http://127.0.0.1:1/healthChecker")!))
    }

    /// On Apple platforms a registered protocol answers every session without a protocol of its own, the shared one
    /// too. FoundationNetworking consults only `configuration.protocolClasses`, so on Linux `install()` reaches no
    /// session: there, sessions must be made with `sessionConfiguration()` (the README says so).
    @Test("installed, the shared session and sessions made without the emulator reach it on Apple only; uninstalled, none")
    func installed() async throws {
        let emulator = try OpenMarketEmulator(.init(generation: .v2b, hosts: ["127.0.0.1:1"]))
        emulator.install()
        let sessions = [URLSession.shared, URLSession(configuration: .default), URLSession(configuration: .ephemeral)]
        for session in sessions {
            let installed = await outcome(session)
            #if canImport(FoundationNetworking)
            #expect(installed.error == .cannotConnectToHost)
            #else
            #expect(installed.status == 200)
            #endif
        }
        emulator.uninstall()
        for session in sessions {
            #expect(await outcome(session).error == .cannotConnectToHost)
        }
    }
}
