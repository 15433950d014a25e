package import Foundation

/// The real `openmarket` binary run as a child process, as a user or a CI job runs it.
package final class ServerProcess {
    package let process = Process()
    /// Everything printed to stdout up to and including the line with the address.
    package private(set) var startupOutput = ""
    package private(set) var url = ""
    private let errorFile: URL

    /// Starts `openmarket` with the arguments and waits (at most `timeout`) for the line with its address. The
    /// default is generous: a debug build seeding the demo catalogue on a machine busy with other builds was seen
    /// to need more than 20 s, and a start that works returns as soon as it prints the line.
    package init(_ arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(120)) throws {
        errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("openmarket-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        try Self.prepare(process, arguments, environment)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()

        let watchdog = Self.watchdog(process, after: timeout)
        defer { watchdog.cancel() }
        let reader = output.fileHandleForReading
        while true {
            let data = reader.availableData  // Returns empty once the process has ended (or the watchdog ended it).
            if data.isEmpty { break }  // The process ended before printing its address.
            startupOutput += String(decoding: data, as: UTF8.self)
            if let line = startupOutput.split(separator: "\n").first(where: { $0.contains("http://") }),
               let range = line.range(of: #"http://\S+"#, options: .regularExpression) {
                url = String(line[range])
                return
            }
        }
        process.terminate()
        process.waitUntilExit()
        throw RawHTTPError("openmarket did not print its address; stdout: \(startupOutput) stderr: \(standardError)")
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: errorFile)
    }

    package var port: UInt16 {
        UInt16(url.split(separator: ":").last ?? "") ?? 0
    }

    package var standardError: String {
        (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    }

    /// Sends the signal and waits (bounded) for the exit status.
    package func stop(signal: Int32 = SIGTERM, timeout: Duration = .seconds(60)) -> Int32? {
        kill(process.processIdentifier, signal)
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Runs `openmarket` to completion (killed after `timeout`) and returns its exit status and both outputs.
    package static func run(
        _ arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(30)
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        try prepare(process, arguments, environment)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let watchdog = watchdog(process, after: timeout)
        defer { watchdog.cancel() }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
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
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let process = Process()
        try prepare(process, arguments, [:])
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let watchdog = watchdog(process, after: timeout)
        defer { watchdog.cancel() }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), errors)
    }

    /// Kills the process if it still runs at the deadline, so that no read from its pipes can block a test forever.
    private static func watchdog(_ process: Process, after timeout: Duration) -> DispatchWorkItem {
        let kill = DispatchWorkItem { [process] in
            if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: kill)
        return kill
    }

    /// The binary with the arguments and this environment, minus any OPENMARKET_ variable the test did not set.
    private static func prepare(_ process: Process, _ arguments: [String], _ environment: [String: String]) throws {
        process.executableURL = try builtExecutable(named: "openmarket")
        process.arguments = arguments
        var inherited = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("OPENMARKET_") }
        inherited.merge(environment) { _, new in new }
        process.environment = inherited
    }
}
