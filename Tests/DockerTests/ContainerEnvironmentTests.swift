import Foundation
import OpenMarketHTTPTestSupport
import OpenMarketPosixSpawn
import Testing

/// A container is configured through its environment. OpenMarketCLITests' `environment()` covers the other
/// variables of the flag table (docs/server.md); these are the ones it leaves out.
@Suite("openmarket serve, configured through the environment as a container is")
struct ContainerEnvironmentTests {
    @Test("OPENMARKET_HOST sets the listening address (0.0.0.0 in a container)")
    func host() throws {
        let server = try ServerProcess(["serve", "--port", "0", "--database", ":memory:"], environment: ["OPENMARKET_HOST": "0.0.0.0"])
        #expect(server.url.hasPrefix("http://127.0.0.1:"))
        #expect(try RawHTTPConnection(port: server.port).request("GET", "/healthChecker").text == "\"OK\"")
        #expect(server.stop() == 0)
    }

    @Test("OPENMARKET_THREADS is read: a value out of range stops the start that the default allows")
    func threads() throws {
        let arguments = ["serve", "--port", "0", "--database", ":memory:"]
        let refused = try ServerProcess.run(arguments, environment: ["OPENMARKET_THREADS": "0"])
        #expect(refused.status == 64)
        #expect(refused.output == "openmarket serve: OPENMARKET_THREADS must be 1 to 256; got 0\n", "\(refused.output)")
        let started = try ServerProcess(arguments, environment: ["OPENMARKET_THREADS": "1"])
        #expect(started.stop() == 0)
    }

    /// What `docker compose logs` shows when `up --wait` fails on a bad variable: one line that names it.
    @Test("a bad value from a variable: exit 64 and one line naming the variable and the fix, no usage text", arguments: [
        ("OPENMARKET_API", "v3", "must be one of v2b, v2a, v1b, v1a; got \"v3\""),
        ("OPENMARKET_PORT", "http", "must be a whole number; got \"http\""),
        ("OPENMARKET_PORT", "70000", "must be between 0 and 65535; got 70000"),
        ("OPENMARKET_MAX_BODY_BYTES", "0", "must be positive; got 0"),
        ("OPENMARKET_STRICT", "maybe", "must be true or false (or 1/0); got \"maybe\""),
        ("OPENMARKET_LOG_LEVEL", "loud", "must be one of trace, debug, info, notice, warning, error, critical; got \"loud\""),
        ("OPENMARKET_VENDORS", "red:red-id", "takes vendors as NAME:IDENTIFIER:SECRET"),
        ("OPENMARKET_ADMIN_TOKEN", "short", "must be at least 8 visible ASCII characters"),
        ("OPENMARKET_JOURNAL", "-1", "must be 0 (off) to 1000000 requests; got -1"),
        ("OPENMARKET_LATENCY", "slow", "must be MS or MIN-MAX in whole milliseconds"),
        ("OPENMARKET_NOW", "yesterday", "is not usable: "),
    ])
    func badVariable(name: String, value: String, problem: String) throws {
        let port = name == "OPENMARKET_PORT" ? [] : ["--port", "0"]  // a flag would win over the variable
        let result = try ServerProcess.run(["serve", "--database", ":memory:"] + port, environment: [name: value])
        #expect(result.status == 64)
        #expect(result.output.hasPrefix("openmarket serve: \(name) \(problem)"), "\(result.output)")
        #expect(result.output.split(separator: "\n").count == 1, "\(result.output)")
    }

    @Test("the same mistake as a flag names the flag and shows the usage, as command-line mistakes do")
    func badFlag() throws {
        let result = try ServerProcess.run(["serve", "--port", "0", "--database", ":memory:", "--api", "v3"],
                                           environment: ["OPENMARKET_API": "v1a"])
        #expect(result.status == 64)
        #expect(result.output.contains("--api must be one of v2b, v2a, v1b, v1a; got \"v3\""), "\(result.output)")
        #expect(result.output.contains("Usage:"), "\(result.output)")
    }

    @Test("the image's entrypoint is openmarket alone: no arguments serve, flags go to serve, subcommands run")
    func entrypointArguments() throws {
        let server = try ServerProcess(["--port", "0", "--database", ":memory:"], environment: ["OPENMARKET_HOST": "0.0.0.0"])
        #expect(try RawHTTPConnection(port: server.port).request("GET", "/healthChecker").text == "\"OK\"")
        #expect(server.stop() == 0)
        let help = try ServerProcess.run(["export", "--help"])
        #expect(help.status == 0)
    }

    /// A bind mount owned by another user than the image's: run as uid 10001 (the image's user) against a folder
    /// root owns. The binary is copied under /tmp, since the build folder may sit below one that uid cannot enter.
    @Test("a database folder the user cannot write names the chown that fixes it",
          .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                   "needs root and setpriv to run the server as another user"))
    func unwritableDatabaseFolder() throws {
        let folder = URL(fileURLWithPath: "/tmp/openmarket-owner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = folder.appendingPathComponent("openmarket")
        try FileManager.default.copyItem(at: try builtExecutable(named: "openmarket"), to: binary)
        // timeout(1) bounds it: were the folder writable, the server would go on serving.
        let process = try SpawnedProcess(
            executable: "/usr/bin/timeout",
            arguments: ["30", "/usr/bin/setpriv", "--reuid", "10001", "--regid", "10001", "--clear-groups", binary.path,
                        "serve", "--port", "0", "--database", folder.path + "/market.sqlite"],
            standardOutput: .pipe, standardError: .pipe)
        let output = String(decoding: process.readOutputToEnd(), as: UTF8.self)
        #expect(process.waitUntilExit() == .exited(1))
        #expect(output.hasSuffix(
            "; the folder \(folder.path) is not writable by this process (uid:gid 10001:10001): chown 10001:10001 \(folder.path)\n"),
            "\(output)")
        #expect(output.split(separator: "\n").count == 1, "\(output)")
    }
}
