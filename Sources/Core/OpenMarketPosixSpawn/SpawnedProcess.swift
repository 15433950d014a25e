#if os(macOS) || os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OpenMarketLocking

/// A child process started with posix_spawn, instead of Foundation's `Process`, whose `run()` on Linux (through
/// swift-corelibs-foundation 6.3) over-reads a dirent while listing /proc/self/fd and now and then crashes the parent
/// with SIGSEGV. The child gets standard input from /dev/null or a file, outputs as asked, default signal handling
/// with nothing blocked, its own process group (as `Process` gave it), and no other descriptor of the parent.
///
/// The owner may ask from any thread. Once the child is reaped its id may belong to another process, so every
/// signal goes through `signal(_:)`, which sends none after that; a process still running when its owner drops it
/// is killed and reaped, so that no child outlives the test that started it.
package final class SpawnedProcess: Sendable {
    package let processIdentifier: Int32
    /// The read end of the output pipe, when an output goes to `.pipe`; closed in deinit.
    private let outputPipe: Int32?
    /// nil while the child runs (or is a zombie nobody reaped yet).
    private let termination = Locked<Termination?>(nil)

    /// Starts `executable` (a path; no PATH search) with `arguments` (without the program name, which is the path).
    /// `environment` nil passes this process's environment on; otherwise it is the child's whole environment.
    package init(
        executable: String, arguments: [String] = [], environment: [String: String]? = nil,
        standardInput: InputSource = .nullDevice, standardOutput: OutputDestination = .inherit,
        standardError: OutputDestination = .inherit
    ) throws(LaunchError) {
        let needsPipe = standardOutput.isPipe || standardError.isPipe
        let pipe = needsPipe ? closeOnExecPipe() : nil
        if needsPipe, pipe == nil { throw LaunchError(executable: executable, code: errno) }
        // The parent keeps only the read end; the child has its own copy of the write end, so the parent's reads
        // end when the child (and any grandchild it gave the pipe to) has exited.
        defer { if let pipe { close(pipe.write) } }

        var pid: Int32 = 0
        let result = Self.spawn(
            &pid, executable, arguments, environment, standardInput, standardOutput, standardError, pipe?.write)
        guard result == 0 else {
            if let pipe { close(pipe.read) }
            throw LaunchError(executable: executable, code: result)
        }
        processIdentifier = pid
        outputPipe = pipe?.read
    }

    deinit {
        if signal(SIGKILL) { _ = waitUntilExit() }
        if let outputPipe { close(outputPipe) }
    }

    /// How it ended, without waiting: nil while it runs. Reaps it if it has just ended.
    package var terminationIfEnded: Termination? {
        termination.withLock { termination in
            if termination == nil {
                var status: Int32 = 0
                let reaped = waitpid(processIdentifier, &status, WNOHANG)
                if reaped == processIdentifier {
                    termination = Termination(waitStatus: status)
                } else if reaped == -1, errno == ECHILD {
                    termination = .reapedElsewhere
                }
            }
            return termination
        }
    }

    package var isRunning: Bool {
        terminationIfEnded == nil
    }

    /// Blocks until the child has ended, and says how. Another thread may ask `isRunning` or send a signal meanwhile:
    /// the wait (waitid with WNOWAIT) holds no lock and leaves the child to be reaped under the lock.
    package func waitUntilExit() -> Termination {
        while true {
            if let ended = terminationIfEnded { return ended }
            var info = siginfo_t()
            // Whatever waitid returns (ended, EINTR, or ECHILD when another thread or something else reaped it), the
            // next turn's waitpid under the lock tells what happened.
            _ = waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOWAIT)
        }
    }

    /// Sends `signal` unless the child has been reaped; says whether it was sent.
    @discardableResult
    package func signal(_ signal: Int32) -> Bool {
        // Under the lock, so that no other thread reaps the child between the check and the kill.
        termination.withLock { termination in
            termination == nil && kill(processIdentifier, signal) == 0
        }
    }

    /// SIGTERM, up to `grace` for the child to end (checked every 10 ms), then SIGKILL; returns once it is reaped.
    @discardableResult
    package func terminate(grace: Duration) -> Termination {
        if signal(SIGTERM) {
            let deadline = ContinuousClock.now + grace
            while isRunning, ContinuousClock.now < deadline {
                usleep(10_000)
            }
            signal(SIGKILL)
        }
        return waitUntilExit()
    }

    /// The next bytes of the output pipe, waiting until some arrive; empty once every writer has closed it (the child
    /// has ended). Empty at once when no output goes to `.pipe`. Read from one thread at a time.
    package func readOutput() -> [UInt8] {
        guard let outputPipe else { return [] }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(outputPipe, $0.baseAddress, $0.count) }
            if count >= 0 { return Array(buffer.prefix(count)) }
            if errno != EINTR { return [] }
        }
    }

    /// Everything left in the output pipe, until every writer has closed it.
    package func readOutputToEnd() -> [UInt8] {
        var output: [UInt8] = []
        while case let chunk = readOutput(), !chunk.isEmpty {
            output += chunk
        }
        return output
    }
}
#endif
