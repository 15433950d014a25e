import Foundation
import OpenMarketHTTPTestSupport
import OpenMarketPosixSpawn
import Testing

/// What `docker run` does to the image's ENTRYPOINT, without a Docker engine: the binary is PID 1 of a new PID
/// namespace (where the kernel ignores signals it has no handler for) and runs as an unprivileged user.
@Suite("openmarket as a container's PID 1")
struct ContainerProcessTests {
    /// Whether this machine lets the test create a PID namespace and drop to nobody (root, util-linux present).
    static let canUnshare: Bool = {
        guard getuid() == 0 else { return false }
        let probe = try? SpawnedProcess(
            executable: "/usr/bin/env",
            arguments: ["unshare", "--pid", "--fork", "setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "true"],
            standardError: .nullDevice)
        return probe?.waitUntilExit() == .exited(0)
    }()

    @Test("serves as PID 1 and as nobody, answers healthcheck, and exits 0 on SIGTERM",
          .enabled(if: canUnshare, "needs root and util-linux's unshare and setpriv"))
    func pid1() throws {
        let directory = try TemporaryDirectory()
        let binary = directory.url.appendingPathComponent("openmarket")
        try FileManager.default.copyItem(at: try builtExecutable(named: "openmarket"), to: binary)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.url.path)
        let errors = directory.url.appendingPathComponent("stderr")
        // Port 0: the server takes the port it is given by the system and prints it. A port found free beforehand
        // may be taken meanwhile, as a client socket's local port, by another test of the parallel suite.
        // Dropping `container` at the end kills it if it still runs.
        let container = try SpawnedProcess(
            executable: "/usr/bin/env",
            arguments: ["unshare", "--pid", "--fork", "setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups",
                        binary.path, "serve", "--host", "0.0.0.0"],
            environment: ["OPENMARKET_PORT": "0", "OPENMARKET_DATABASE": ":memory:"],
            standardOutput: .pipe, standardError: .file(errors.path))
        let port = try #require(
            Self.listeningPort(of: container),
            "it printed no address; its standard error: \((try? String(contentsOf: errors, encoding: .utf8)) ?? "")")

        let healthcheck = ["healthcheck", "--url", "http://127.0.0.1:\(port)/healthChecker", "--timeout", "1"]
        var healthy = false
        for _ in 0..<100 where !healthy {
            healthy = (try? ServerProcess.run(healthcheck).status) == 0
            if !healthy { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(healthy)
        let server = try #require(Self.descendant(of: container.processIdentifier, named: "openmarket"))
        let status = try String(contentsOfFile: "/proc/\(server)/status", encoding: .utf8).split(separator: "\n")
        #expect(status.first { $0.hasPrefix("NSpid:") }?.hasSuffix("\t1") == true, "\(status)")
        #expect(status.first { $0.hasPrefix("Uid:") }?.split(separator: "\t").dropFirst().first == "65534")

        kill(server, SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        while container.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(container.terminationIfEnded == .exited(0))
    }

    /// The port on the first line that names the server's address, read from its standard output; nil when it ends
    /// (or is killed after two minutes, a guard against a hang) before printing one.
    private static func listeningPort(of process: SpawnedProcess) -> UInt16? {
        let guardAgainstHang = DispatchWorkItem { process.signal(SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: guardAgainstHang)
        defer { guardAgainstHang.cancel() }
        var output = ""
        while case let data = process.readOutput(), !data.isEmpty {
            output += String(decoding: data, as: UTF8.self)
            let wholeLines = output.lastIndex(of: "\n").map { output[...$0] } ?? ""
            if let line = wholeLines.split(separator: "\n").first(where: { $0.contains("listening on http://") }),
                let port = line.split(separator: ":").last.flatMap({ UInt16($0) })
            {
                return port
            }
        }
        return nil
    }

    /// The first process below `pid` whose command is `name`, following /proc's children lists.
    private static func descendant(of pid: Int32, named name: String) -> Int32? {
        var queue = [pid]
        while let current = queue.popLast() {
            let command = (try? String(contentsOfFile: "/proc/\(current)/comm", encoding: .utf8)) ?? ""
            if current != pid, command.trimmingCharacters(in: .whitespacesAndNewlines) == name { return current }
            let children = (try? String(contentsOfFile: "/proc/\(current)/task/\(current)/children", encoding: .utf8)) ?? ""
            queue += children.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        return nil
    }
}
