import Foundation
import OpenMarketHTTPTestSupport
import OpenMarketPosixSpawn
import Testing

/// The shared session's row of docs/in-process-tests.md's table, each way of first touching it in a fresh process:
/// the shared session is made once per process, so no test of this one can show it.
@Suite struct SharedSessionOrderTests {
    #if canImport(FoundationNetworking)
    private static let usedAfterAnotherSessionIsReached = false
    #else
    private static let usedAfterAnotherSessionIsReached = true
    #endif

    @Test("install() reaches URLSession.shared unless it was first used after another session and before install()",
          arguments: [
              ("untouched", true), ("shared-first", true),
              ("another-session-then-shared", usedAfterAnotherSessionIsReached),
          ])
    func order(_ order: String, reached: Bool) throws {
        let probe = try SpawnedProcess(
            executable: try builtExecutable(named: "OpenMarketSharedSessionProbe").path, arguments: [order],
            standardOutput: .pipe)
        let printed = String(decoding: probe.readOutputToEnd(), as: UTF8.self)
        #expect(probe.waitUntilExit() == .exited(0), "\(printed)")
        #expect(printed.trimmingCharacters(in: .whitespacesAndNewlines) == (reached ? "reached" : "missed"), "\(order)")
    }
}
