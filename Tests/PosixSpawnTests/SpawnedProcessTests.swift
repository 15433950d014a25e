#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OpenMarketPosixSpawn
import Testing

@Suite("SpawnedProcess: posix_spawn, waitpid and signals")
struct SpawnedProcessTests {
    private func shell(
        _ script: String, environment: [String: String]? = nil,
        standardOutput: OutputDestination = .pipe, standardError: OutputDestination = .inherit
    ) throws -> SpawnedProcess {
        try SpawnedProcess(
            executable: "/bin/sh", arguments: ["-c", script], environment: environment,
            standardOutput: standardOutput, standardError: standardError)
    }

    private func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    @Test func reportsTheExitStatus() throws {
        #expect(try shell("exit 3").waitUntilExit() == .exited(3))
        #expect(try shell("true").waitUntilExit() == .exited(0))
    }

    @Test func writesStandardOutputToAFileAndErrorsToThePipe() throws {
        let path = "/tmp/posix-spawn-test-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        defer { unlink(path) }
        let process = try shell("echo to the file; echo to the pipe >&2", standardOutput: .file(path), standardError: .pipe)
        #expect(text(process.readOutputToEnd()) == "to the pipe\n")
        #expect(process.waitUntilExit() == .exited(0))
        let file = open(path, O_RDONLY)
        try #require(file >= 0)
        defer { close(file) }
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(file, &bytes, bytes.count)
        #expect(text(Array(bytes.prefix(max(count, 0)))) == "to the file\n")
    }

    @Test func bothOutputsShareThePipe() throws {
        let process = try shell("echo one; echo two >&2; echo three", standardError: .pipe)
        #expect(text(process.readOutputToEnd()) == "one\ntwo\nthree\n")
        #expect(process.waitUntilExit() == .exited(0))
    }

    @Test func passesTheEnvironment() throws {
        let given = try shell(#"printf '%s|%s' "$GREETING" "${HOME-unset}""#, environment: ["GREETING": "hello world"])
        #expect(text(given.readOutputToEnd()) == "hello world|unset")
        setenv("POSIX_SPAWN_TEST_INHERITED", "from the parent", 1)
        let inherited = try shell(#"printf '%s' "$POSIX_SPAWN_TEST_INHERITED""#)
        #expect(text(inherited.readOutputToEnd()) == "from the parent")
    }

    @Test func readsStandardInputFromNullDevice() throws {
        let process = try shell("cat; echo end")
        #expect(text(process.readOutputToEnd()) == "end\n")
    }

    @Test func aMissingExecutableIsAClearError() {
        let error = #expect(throws: LaunchError.self) {
            try SpawnedProcess(executable: "/nonexistent/openmarket")
        }
        #expect(error?.code == ENOENT)
        #expect(error?.description == "/nonexistent/openmarket could not be started: No such file or directory")
    }

    @Test func anOutputFileThatCannotBeOpenedIsAClearError() {
        let error = #expect(throws: LaunchError.self) {
            try SpawnedProcess(executable: "/bin/true", standardOutput: .file("/nonexistent/folder/stdout"))
        }
        #expect(error?.code == ENOENT)
    }

    @Test func terminateEndsItWithSIGTERM() throws {
        let process = try shell("exec sleep 300")
        #expect(process.isRunning)
        #expect(process.terminate(grace: .seconds(60)) == .signalled(SIGTERM))
        #expect(!process.isRunning)
        #expect(!process.signal(SIGKILL), "no signal goes to a reaped process's id")
    }

    @Test func terminateKillsAChildThatIgnoresSIGTERMAfterTheGrace() throws {
        // The shell says "ready" once the trap is set, so SIGTERM cannot arrive before it.
        let process = try shell("trap '' TERM; echo ready; while :; do sleep 1; done")
        #expect(text(process.readOutput()) == "ready\n")
        #expect(process.terminate(grace: .milliseconds(100)) == .signalled(SIGKILL))
    }

    @Test func waitingOnOneThreadDoesNotBlockAnotherThreadsSignal() async throws {
        let process = try shell("exec sleep 300")
        async let ended = Task.detached { process.waitUntilExit() }.value
        #expect(process.signal(SIGTERM))
        #expect(await ended == .signalled(SIGTERM))
    }

    @Test func aChildReapedByAnotherPartOfTheProcessEndsWithoutAStatus() throws {
        let process = try shell("exit 5")
        var status: Int32 = 0
        #expect(waitpid(process.processIdentifier, &status, 0) == process.processIdentifier)
        #expect(process.waitUntilExit() == .reapedElsewhere)
        #expect(!process.signal(SIGKILL))
    }

    #if os(Linux)
    /// Only 0, 1 and 2 reach the child, and the directory that lists them: not the parent's descriptor opened
    /// without O_CLOEXEC, nor any the test runner holds.
    @Test func theChildGetsNoOtherDescriptor() throws {
        // Moved up to 200 or beyond: as 3, it would be the number ls gets for its own handle once 3 is closed.
        let opened = open("/dev/null", O_RDONLY)
        let leaked = fcntl(opened, F_DUPFD, 200)
        close(opened)
        defer { close(leaked) }
        #expect(leaked >= 200)
        let process = try SpawnedProcess(executable: "/bin/ls", arguments: ["/proc/self/fd"], standardOutput: .pipe)
        let listed = text(process.readOutputToEnd()).split(separator: "\n").compactMap { Int32($0) }
        #expect(process.waitUntilExit() == .exited(0))
        #expect(listed.filter { $0 > 2 }.count == 1, "\(listed)")  // ls's own handle on /proc/self/fd
        #expect(!listed.contains(leaked))
    }

    /// A thread that blocks SIGTERM (as libdispatch's worker threads do) does not pass that on to the child.
    @Test func theChildBlocksNoSignal() throws {
        var term = sigset_t()
        sigemptyset(&term)
        sigaddset(&term, SIGTERM)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &term, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let process = try shell("grep SigBlk /proc/self/status")
        #expect(text(process.readOutputToEnd()) == "SigBlk:\t0000000000000000\n")
    }
    #endif
}
