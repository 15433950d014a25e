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

    /// On Apple platforms a registered protocol answers every session without a protocol of its own. FoundationNetworking
    /// consults only `configuration.protocolClasses`, which it fills from the registered classes for
    /// `URLSession.shared` alone, once, when the shared session is first used; which test uses it first is not known
    /// here, so the shared session is only checked on Apple platforms (docs/in-process-tests.md says what this means
    /// on Linux).
    @Test("installed, sessions made without the emulator's configuration reach it on Apple only; uninstalled, none")
    func installed() async throws {
        let emulator = try OpenMarketEmulator(.init(generation: .v2b, hosts: ["127.0.0.1:1"]))
        emulator.install()
        #if canImport(FoundationNetworking)
        let sessions = [URLSession(configuration: .default), URLSession(configuration: .ephemeral)]
        #else
        let sessions = [URLSession.shared, URLSession(configuration: .default), URLSession(configuration: .ephemeral)]
        #endif
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
