import Foundation
import OpenMarketPosixSpawn

/// The real `openmarket` binary run as a child process, as a user or a CI job runs it.
package final class ServerProcess {
    private let process: SpawnedProcess
    /// Everything printed to stdout up to and including the line with the address.
    package private(set) var startupOutput = ""
    package private(set) var url = ""
    private let errorFile: URL

    /// Starts `openmarket` with the arguments and waits (at most `timeout`) for the line with its address. The
    /// default is generous: a debug build seeding the demo catalogue on a machine busy with other builds was seen
    /// to need more than 20 s, and a start that works returns as soon as it prints the line.
    package init(_ arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(120)) throws {
        errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("openmarket-stderr-\(UUID().uuidString)")
        process = try Self.launch(arguments, environment, standardOutput: .pipe, standardError: .file(errorFile.path))

        let watchdog = Self.watchdog(process, after: timeout)
        defer { watchdog.cancel() }
        while true {
            let data = process.readOutput()  // Returns empty once the process has ended (or the watchdog ended it).
            if data.isEmpty { break }  // The process ended before printing its address.
            startupOutput += String(decoding: data, as: UTF8.self)
            if let line = startupOutput.split(separator: "\n").first(where: { $0.contains("http://") }),
               let range = line.range(of: #"http://\S+"#, options: .regularExpression) {
                url = String(line[range])
                return
            }
        }
        process.signal(SIGTERM)
        _ = process.waitUntilExit()
        throw RawHTTPError("openmarket did not print its address; stdout: \(startupOutput) stderr: \(standardError)")
    }

    /// Starts `openmarket` on a port chosen beforehand, which `environment` (or `arguments`) names, as a test of
    /// `OPENMARKET_PORT` must. A port found free can be taken meanwhile by another test's client (CI's 1.0.x leg lost
    /// one so): a start that finds its port in use tries another, up to five.
    package static func onFreePort(
        _ arguments: (UInt16) -> [String], environment: (UInt16) -> [String: String] = { _ in [:] }
    ) throws -> ServerProcess {
        var attempt = 1
        while true {
            let port = try FreePort.find()
            do {
                return try ServerProcess(arguments(port), environment: environment(port))
            } catch let error as RawHTTPError
                where error.description.contains("Address already in use") && attempt < 5
            {
                attempt += 1
            }
        }
    }

    deinit {
        if process.signal(SIGTERM) {
            _ = process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: errorFile)
    }

    package var processIdentifier: Int32 {
        process.processIdentifier
    }

    package var port: UInt16 {
        UInt16(url.split(separator: ":").last ?? "") ?? 0
    }

    package var standardError: String {
        (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    }

    /// Sends the signal and waits (bounded) for the exit status.
    package func stop(signal: Int32 = SIGTERM, timeout: Duration = .seconds(60)) -> Int32? {
        process.signal(signal)
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        return process.terminationIfEnded?.status
    }

    /// Runs `openmarket` to completion (killed after `timeout`) and returns its exit status and both outputs.
    package static func run(
        _ arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(30)
    ) throws -> (status: Int32, output: String) {
        let process = try launch(arguments, environment, standardOutput: .pipe, standardError: .pipe)
        let watchdog = watchdog(process, after: timeout)
        defer { watchdog.cancel() }
        let data = process.readOutputToEnd()
        return (process.waitUntilExit().status, String(decoding: data, as: UTF8.self))
    }

    /// Runs `openmarket` to completion (killed after `timeout`) with `input` as its standard input, and returns its
    /// exit status, standard output and standard error apart.
    package static func run(
        _ arguments: [String], input: [UInt8], timeout: Duration = .seconds(30)
    ) throws -> (status: Int32, output: String, errors: String) {
        // Files rather than pipes for the input and the errors: nothing to read or write concurrently.
        let directory = FileManager.default.temporaryDirectory
        let inputFile = directory.appendingPathComponent("openmarket-stdin-\(UUID().uuidString)")
        let errorFile = directory.appendingPathComponent("openmarket-stderr-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: inputFile)
            try? FileManager.default.removeItem(at: errorFile)
        }
        try Data(input).write(to: inputFile)
        let process = try launch(
            arguments, [:], standardInput: .file(inputFile.path), standardOutput: .pipe, standardError: .file(errorFile.path))
        let watchdog = watchdog(process, after: timeout)
        defer { watchdog.cancel() }
        let data = process.readOutputToEnd()
        let status = process.waitUntilExit().status
        let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return (status, String(decoding: data, as: UTF8.self), errors)
    }

    /// Kills the process if it still runs at the deadline, so that no read from its pipes can block a test forever.
    private static func watchdog(_ process: SpawnedProcess, after timeout: Duration) -> DispatchWorkItem {
        let kill = DispatchWorkItem { process.signal(SIGKILL) }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: kill)
        return kill
    }

    /// Starts the binary with the arguments and this environment, minus any OPENMARKET_ variable the test did not set.
    private static func launch(
        _ arguments: [String], _ environment: [String: String], standardInput: InputSource = .nullDevice,
        standardOutput: OutputDestination, standardError: OutputDestination
    ) throws -> SpawnedProcess {
        var inherited = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("OPENMARKET_") }
        inherited.merge(environment) { _, new in new }
        return try SpawnedProcess(
            executable: try builtExecutable(named: "openmarket").path, arguments: arguments, environment: inherited,
            standardInput: standardInput, standardOutput: standardOutput, standardError: standardError)
    }
}
