import Foundation
import OpenMarketHTTPTestSupport
@testable import OpenMarketTesting
import Testing

/// Where the binary is looked for, and what a test author reads when it is nowhere.
@Suite struct ServerBinaryTests {
    @Test func neitherTheVariableNorPathGivesHowToBuildIt() throws {
        let error = #expect(throws: OpenMarketTestingError.self) {
            try ServerBinary.locate(environment: ["PATH": "/nonexistent/bin:/also/missing"])
        }
        let message = try #require(error).description
        #expect(message.contains("OPENMARKET_BINARY is not set"))
        #expect(message.contains("/nonexistent/bin:/also/missing"))
        #expect(message.contains("swift build --product openmarket"))
        #expect(message.contains(".build/debug/openmarket"))
    }

    @Test func theVariableWinsOverPath() throws {
        let built = try builtExecutable(named: "openmarket")
        let found = try ServerBinary.locate(
            environment: ["OPENMARKET_BINARY": built.path, "PATH": built.deletingLastPathComponent().path],
            isExecutable: { $0 == built.path })
        #expect(found.path == built.path)
    }

    @Test func aVariableNamingNoExecutableSaysSo() throws {
        let error = #expect(throws: OpenMarketTestingError.self) {
            try ServerBinary.locate(environment: ["OPENMARKET_BINARY": "/tmp/not-openmarket", "PATH": "/usr/bin"])
        }
        #expect(error == .binaryNotExecutable(path: "/tmp/not-openmarket"))
        #expect(error?.description.contains("swift build --product openmarket") == true)
    }

    @Test func pathIsSearchedInOrder() throws {
        let built = try builtExecutable(named: "openmarket")
        let directory = built.deletingLastPathComponent().path
        let found = try ServerBinary.locate(environment: ["PATH": "/nonexistent:\(directory):/usr/bin"])
        #expect(found.path == built.path)
    }

    @Test func aMissingExplicitBinaryFailsBeforeAnythingStarts() async throws {
        var options = OpenMarketServer.Options()
        options.binary = URL(fileURLWithPath: "/nonexistent/openmarket")
        await #expect(throws: OpenMarketTestingError.binaryNotExecutable(path: "/nonexistent/openmarket")) {
            try await OpenMarketServer.start(options)
        }
    }

    @Test func theTestProcessOpenMarketVariablesAreNotPassedOn() {
        let options = OpenMarketServer.Options(environment: ["OPENMARKET_NOW": "2024-01-01T00:00:00Z"])
        let environment = options.childEnvironment(
            inheriting: ["HOME": "/home/dev", "OPENMARKET_PORT": "8080", "OPENMARKET_SEED": "demo"])
        #expect(environment == ["HOME": "/home/dev", "OPENMARKET_NOW": "2024-01-01T00:00:00Z"])
    }

    @Test func theCommandLineNamesEverythingChosen() {
        let options = OpenMarketServer.Options(
            generation: .v1a, seed: .file(URL(fileURLWithPath: "/fixtures/shop.json")),
            vendors: [.init(name: "tea", identifier: "tea-id", secret: "tea-secret")], adminToken: "t0ken",
            arguments: ["--strict"])
        #expect(options.commandLine == [
            "serve", "--host", "127.0.0.1", "--port", "0", "--database", ":memory:", "--api", "v1a",
            "--seed", "/fixtures/shop.json", "--vendor", "tea:tea-id:tea-secret", "--admin-token", "t0ken", "--strict",
        ])
    }

    @Test func theAddressIsReadFromTheFirstCompleteLine() {
        #expect(ChildProcess.address(in: "openmarket v2a listening on http://127.0.0.1:5123\ndemo vendor: ...\n")
            == URL(string: "http://127.0.0.1:5123"))
        #expect(ChildProcess.address(in: "openmarket v2a listening on http://127.0.0.1:51") == nil)
        #expect(ChildProcess.address(in: "") == nil)
    }
}
