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
        let port = try FreePort.find()
        // Dropping `container` at the end kills it if it still runs.
        let container = try SpawnedProcess(
            executable: "/usr/bin/env",
            arguments: ["unshare", "--pid", "--fork", "setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups",
                        binary.path, "serve", "--host", "0.0.0.0"],
            environment: ["OPENMARKET_PORT": String(port), "OPENMARKET_DATABASE": ":memory:"],
            standardOutput: .nullDevice, standardError: .nullDevice)

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
