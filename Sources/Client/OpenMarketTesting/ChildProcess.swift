#if os(macOS) || os(Linux)
import Foundation
import OpenMarketPosixSpawn

/// The server process, with its stdout and stderr in files of a temporary directory: a file never fills up and
/// blocks the server the way an undrained pipe would, and it can be read again for an error message.
final class ChildProcess: @unchecked Sendable {
    private let process: SpawnedProcess
    private let directory: URL
    private let outputFile: URL
    private let errorFile: URL
    /// Guards `stopped`: `stop()` runs from a test, a `defer` and `deinit`, possibly on different threads.
    private let lock = NSLock()
    private var stopped = false

    init(executable: URL, arguments: [String], environment: [String: String]) throws(OpenMarketTestingError) {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("openmarket-testing-\(UUID().uuidString)")
        outputFile = directory.appendingPathComponent("stdout")
        errorFile = directory.appendingPathComponent("stderr")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .launchFailed(path: executable.path, reason: "\(error)")
        }
        do {
            process = try SpawnedProcess(
                executable: executable.path, arguments: arguments, environment: environment,
                standardOutput: .file(outputFile.path), standardError: .file(errorFile.path))
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw .launchFailed(path: executable.path, reason: error.reason)
        }
    }

    var processIdentifier: Int32 {
        process.processIdentifier
    }

    var standardOutput: String {
        (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    }

    var standardError: String {
        (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    }

    /// Polls stdout for the server's first line, `openmarket <generation> listening on http://HOST:PORT`.
    func waitForAddress(timeout: Duration) async throws -> URL {
        let deadline = ContinuousClock.now + timeout
        while true {
            // Read whether it runs before reading the output, so a line printed just before exiting is still seen.
            let termination = process.terminationIfEnded
            if let url = Self.address(in: standardOutput) {
                return url
            }
            if let termination {
                throw OpenMarketTestingError.exitedBeforeListening(status: termination.status, standardError: standardError)
            }
            guard ContinuousClock.now < deadline else {
                throw OpenMarketTestingError.noAddressInTime(
                    timeout: timeout, standardOutput: standardOutput, standardError: standardError)
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    static func address(in output: String) -> URL? {
        guard let firstLine = output.split(separator: "\n", omittingEmptySubsequences: false).first,
            output.contains("\n"),
            let marker = firstLine.range(of: " listening on ")
        else { return nil }
        return URL(string: String(firstLine[marker.upperBound...]).trimmingCharacters(in: .whitespaces))
    }

    /// SIGTERM, up to `grace` to finish, then SIGKILL; waits until the process is gone and removes its files.
    func stop(grace: Duration) {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        process.terminate(grace: grace)
        try? FileManager.default.removeItem(at: directory)
    }
}
#endif
