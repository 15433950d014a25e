import Foundation
import OpenMarketHTTPTestSupport
import OpenMarketPosixSpawn
import OpenMarketTesting
import Testing

/// A stand-in "binary" (a shell script) that does what a broken server could: never print its address, or ignore
/// SIGTERM. The launcher must still end it within its bounds: well before the script's own 30 s sleep would (the
/// bound is loose because a loaded machine takes seconds to start and reap a process).
@Suite(.timeLimit(.minutes(1))) struct MisbehavingServerTests {
    private let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// The script is copied into place by `cp`, so this process never holds the executable open for writing: a
    /// descriptor it held could leak into a child another test forks meanwhile, and executing the file while that
    /// child lives fails with ETXTBSY ("Text file busy"), as seen under load.
    private func script(_ body: String) throws -> URL {
        let source = directory.url.appendingPathComponent("openmarket.sh")
        let url = directory.url.appendingPathComponent("openmarket")
        try "#!/bin/sh\n\(body)\n".write(to: source, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: source.path)
        let copy = try SpawnedProcess(executable: "/bin/cp", arguments: [source.path, url.path])
        guard copy.waitUntilExit() == .exited(0) else { throw CocoaError(.fileWriteUnknown) }
        return url
    }

    @Test func noAddressInTimeKillsItAndShowsBothOutputs() async throws {
        let options = OpenMarketServer.Options(
            binary: try script("echo warming up; echo 'cannot bind: busy' >&2; exec sleep 300"),
            startupTimeout: .milliseconds(300), stopGrace: .milliseconds(200))
        let started = ContinuousClock.now
        let error = await #expect(throws: OpenMarketTestingError.self) {
            try await OpenMarketServer.start(options)
        }
        // The stand-in sleeps 300 s: far longer than a start may take to give up on a machine busy with builds (seen
        // at 34 s when the scripts slept only 30 s and ended first).
        #expect(ContinuousClock.now - started < .seconds(240))
        guard case .noAddressInTime(_, let standardOutput, let standardError) = error else {
            Issue.record("expected noAddressInTime, got \(String(describing: error))")
            return
        }
        #expect(standardOutput == "warming up\n")
        #expect(standardError == "cannot bind: busy\n")
    }

    @Test func aServerIgnoringSIGTERMIsKilledAfterTheGrace() async throws {
        let options = OpenMarketServer.Options(
            binary: try script("trap '' TERM; echo 'openmarket v2b listening on http://127.0.0.1:9'; exec sleep 300"),
            stopGrace: .milliseconds(200))
        let server = try await OpenMarketServer.start(options)
        #expect(server.port == 9)
        let started = ContinuousClock.now
        server.stop()
        #expect(ContinuousClock.now - started >= .milliseconds(200))
        #expect(ContinuousClock.now - started < .seconds(240))
        #expect(processIsGone(server.processIdentifier))
    }
}
