import Foundation
import OpenMarketClient
import OpenMarketEmulator
import OpenMarketHTTPTestSupport
import OpenMarketStore
import Testing

/// Every option an emulator takes, given a value it cannot use: a message that says what to change, and nothing
/// made (no database file).
@Suite struct OptionsTests {
    typealias Options = OpenMarketEmulator.Options

    static let refusals: [(Options, String)] = [
        (Options(generation: .v2b, journal: -1), "journal must be 0 (off) to 1000000"),
        (Options(generation: .v2b, journal: 1_000_001), "journal must be 0 (off) to 1000000"),
        (Options(generation: .v2b, latency: -1...5), "latency must be whole milliseconds from 0 to 600000"),
        (Options(generation: .v2b, latency: 0...600_001), "latency must be whole milliseconds from 0 to 600000"),
        (Options(generation: .v1b, vendors: [.init(name: "a", identifier: "b", secret: "c")]), "v1b has no vendors"),
        (Options(generation: .v2b, vendors: [.init(name: "", identifier: "b", secret: "c")]), "non-empty name"),
        (
            Options(
                generation: .v2b,
                vendors: [.init(name: "a", identifier: "same", secret: "c"), .init(name: "b", identifier: "same", secret: "d")]),
            "same"
        ),
        (Options(generation: .v2b, database: ""), "database must be the path of a SQLite file"),
        (Options(generation: .v2b, seed: .fixture(path: "")), "needs the path of a fixture file"),
        (Options(generation: .v2b, seed: .fixture(path: "/nonexistent/fixture.json")), "cannot read the file"),
        (Options(generation: .v2b, seed: .generated(count: 0)), "a generated catalogue has 1 to 1000000 products"),
        (Options(generation: .v2b, seed: .generated(count: 1_000_001)), "a generated catalogue has 1 to 1000000 products"),
        (Options(generation: .v2b, hosts: ["http://127.0.0.1:8080"]), "a host is written host or host:port"),
        (Options(generation: .v2b, hosts: ["127.0.0.1:8080/api"]), "a host is written host or host:port"),
        (Options(generation: .v2b, hosts: [""]), "a host is written host or host:port"),
        (Options(generation: .v2b, hosts: ["my host"]), "a host is written host or host:port"),
        (Options(generation: .v2b, hosts: ["[::1"]), "a host is written host or host:port"),
        (Options(generation: .v2b, hosts: ["localhost:0"]), "port must be 1 to 65535"),
        (Options(generation: .v2b, hosts: ["localhost:65536"]), "port must be 1 to 65535"),
    ]

    @Test("a bad option is refused with a message saying how to fix it", arguments: refusals.indices)
    func refused(index: Int) throws {
        let (options, message) = Self.refusals[index]
        let error = #expect(throws: OpenMarketEmulator.SetupError.self) { try OpenMarketEmulator(options) }
        #expect(error?.description.contains(message) == true, "\(error?.description ?? "no error")")
    }

    @Test("a refused option leaves no database behind, even with a good database path")
    func nothingMade() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("market.sqlite")
        for options in [
            Options(generation: .v2b, journal: -1, database: path),
            Options(generation: .v2b, database: path, hosts: ["a/b"]),
            Options(generation: .v2b, seed: .fixture(path: folder.path("missing.json")), database: path),
        ] {
            #expect(throws: OpenMarketEmulator.SetupError.self) { try OpenMarketEmulator(options) }
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test("a database in a folder that does not exist is refused, naming the path")
    func missingFolder() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("absent/market.sqlite")
        let error = #expect(throws: OpenMarketEmulator.SetupError.self) {
            try OpenMarketEmulator(Options(generation: .v2b, database: path))
        }
        #expect(error?.description.contains(path) == true)
        #expect(!FileManager.default.fileExists(atPath: folder.path("absent")))
    }

    @Test("a file database keeps what an emulator wrote for the next one")
    func fileDatabase() async throws {
        let folder = try TemporaryDirectory()
        let options = Options(generation: .v2b, database: folder.path("market.sqlite"))
        let first = try OpenMarketEmulator(options)
        _ = try await first.client.createProduct(.sample(name: "kept"))
        let second = try OpenMarketEmulator(options)
        let page = try await second.client.productPage()
        #expect(page?.products.map(\.name) == ["kept"])
    }
}
