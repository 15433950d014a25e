import Foundation
import OpenMarketHTTPTestSupport
import Testing

@Suite("openmarket serve: runtime failures and usage errors")
struct RuntimeFailureTests {
    /// What a script sees: the exit status and the non-empty lines of stdout and stderr together.
    private func run(_ arguments: [String]) throws -> (status: Int32, lines: [Substring]) {
        let result = try ServerProcess.run(arguments)
        return (result.status, result.output.split(separator: "\n"))
    }

    @Test("a port in use is one line on stderr and exit status 1, without the usage text")
    func portInUse() throws {
        let first = try ServerProcess(["--port", "0", "--database", ":memory:"])
        let second = try run(["serve", "--port", String(first.port), "--database", ":memory:"])
        #expect(second.status == 1)
        #expect(second.lines.count == 1, "\(second.lines)")
        #expect(second.lines.first?.hasPrefix("openmarket serve: cannot listen") == true, "\(second.lines)")
    }

    @Test("a database that cannot be opened is one line naming it and exit status 1")
    func databaseCannotOpen() throws {
        let directory = try TemporaryDirectory()
        let database = directory.path("missing-folder/market.sqlite")
        let result = try run(["--port", "0", "--database", database])
        #expect(result.status == 1)
        #expect(result.lines.count == 1, "\(result.lines)")
        #expect(result.lines.first?.contains(database) == true, "\(result.lines)")
        #expect(result.lines.first?.contains("Usage") == false)
    }

    @Test("a mistake on the command line keeps ArgumentParser's usage text and exit status 64")
    func usageError() throws {
        let result = try run(["serve", "--port", "70000", "--database", ":memory:"])
        #expect(result.status == 64)
        #expect(result.lines.contains { $0.contains("between 0 and 65535") })
        #expect(result.lines.contains { $0.contains("Usage") })
    }
}
