#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OpenMarketAPI
import OpenMarketStore

/// `openmarket class handouts`: one printable page per team of a class's store, with its credentials, and an index.
struct HandoutsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "handouts",
        abstract: "Write one printable HTML page per team (name, base URL, identifier, secret) and an index.",
        discussion: """
            Run it after openmarket serve --class ROSTER.csv has started once on the same database: the accounts are \
            made then, and kept. Give --url as the students reach the server, e.g. the "from the network" address \
            serve prints.
            """)

    @Option(help: "The class's SQLite file, as given to serve; OPENMARKET_DATABASE when not given.")
    var database: String?

    @Option(help: "The base URL students use, e.g. http://192.168.0.10:8080.")
    var url: String

    @Option(help: "The folder to write the pages into; created if needed.")
    var output: String

    func run() throws {
        guard let path = database ?? EnvironmentReader(ProcessInfo.processInfo.environment)["OPENMARKET_DATABASE"] else {
            throw ValidationError("give the class's store with --database PATH")
        }
        guard path != ":memory:", FileManager.default.fileExists(atPath: path) else {
            throw ValidationError("there is no database at \(path); start openmarket serve --class ROSTER.csv "
                + "--database \(path) once first, which makes the accounts")
        }
        let base = try Self.baseURL(url)
        if Self.isLoopback(base) {
            // Right for a trial on one machine; on paper for a class it would send every student to their own.
            let line = Array(("openmarket class handouts: warning: \(base) only reaches this machine; for a class give "
                + "the address students reach, the \"from the network\" line serve prints with --host 0.0.0.0\n").utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
        let (generation, teams) = try Self.read(path)
        let handouts = Handouts(baseURL: base, generation: generation, teams: teams)
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (index, team) in teams.enumerated() {
                try Data(handouts.page(team).utf8).write(to: folder.appendingPathComponent(Handouts.fileName(index)))
            }
            try Data(handouts.index().utf8).write(to: folder.appendingPathComponent("index.html"))
        } catch {
            throw RuntimeFailure("cannot write the handouts into \(output): \(error)")
        }
        print("wrote \(teams.count) handouts and index.html to \(output)")
    }

    static func isLoopback(_ base: String) -> Bool {
        let host = base.split(separator: "/")[1]
        return host.hasPrefix("127.") || host.hasPrefix("localhost") || host.hasPrefix("[::1]")
    }

    private static func read(_ path: String) throws -> (Generation, [VendorConfiguration]) {
        do {
            let store = try MarketStore(path: path, readers: 1)
            defer { store.close() }
            guard let name = try store.storedGeneration(), let generation = GenerationRegistry.generation(named: name)
            else {
                throw ValidationError("\(path) is not a store a server has started on; start openmarket serve --class "
                    + "ROSTER.csv --database \(path) once first")
            }
            let teams = try store.allClassTeams()
            guard !teams.isEmpty else {
                throw ValidationError("\(path) has no class; start openmarket serve --class ROSTER.csv --database "
                    + "\(path) once, which makes the teams' accounts")
            }
            return (generation, teams)
        } catch let error as StoreError {
            throw ValidationError("\(path): \(error)")
        }
    }

    /// `http://host:port` without a trailing slash.
    static func baseURL(_ text: String) throws -> String {
        var base = text
        while base.hasSuffix("/") { base.removeLast() }
        guard base.hasPrefix("http://") || base.hasPrefix("https://"), base.split(separator: "/").count == 2 else {
            throw ValidationError("--url is the server's base URL, e.g. http://192.168.0.10:8080; got \"\(text)\"")
        }
        return base
    }
}
