import Foundation
import OpenMarketHTTPTestSupport
import OpenMarketPosixSpawn
import Testing

/// Bound to 0.0.0.0, the startup output names a URL this machine connects to on its first line (scripts read it)
/// and, after it, one URL per network address of the machine, for a phone on the same Wi-Fi.
@Suite("openmarket serve --host 0.0.0.0, as a process")
struct NetworkAddressTests {
    /// The machine's IPv4 addresses on interfaces that are up, other than loopback, as `ip` reports them; empty
    /// where there are none or `ip` is missing.
    static let machineAddresses: [String] = {
        guard let process = try? SpawnedProcess(
            executable: "/usr/bin/env", arguments: ["ip", "-4", "-o", "address", "show", "up"],
            standardOutput: .pipe, standardError: .nullDevice)
        else { return [] }
        let text = String(decoding: process.readOutputToEnd(), as: UTF8.self)
        _ = process.waitUntilExit()
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard let inet = words.firstIndex(of: "inet"), inet + 1 < words.count,
                  let address = words[inet + 1].split(separator: "/").first, !address.hasPrefix("127.")
            else { return nil }
            return String(address)
        }
    }()

    @Test("lists each network address of the machine, and each answers /healthChecker",
          .enabled(if: !machineAddresses.isEmpty, "this machine has no non-loopback IPv4 address that is up (ip -4 address)"))
    func listsNetworkURLs() throws {
        let server = try ServerProcess(["serve", "--host", "0.0.0.0", "--port", "0", "--database", ":memory:"])
        let local = "http://127.0.0.1:\(server.port)"
        let lines = server.startupOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "openmarket v2b listening on \(local)")
        #expect(server.url == local)
        #expect(lines.contains("  from this machine: \(local)"))
        let prefix = "  from the network:  "
        let listed = lines.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        for address in Self.machineAddresses {
            #expect(listed.contains("http://\(address):\(server.port)"), "\(server.startupOutput)")
        }
        for url in listed {
            let check = try ServerProcess.run(["healthcheck", "--url", url + "/healthChecker"])
            #expect(check.status == 0, "\(url): \(check.output)")
        }
        #expect(server.stop() == 0)
    }
}
