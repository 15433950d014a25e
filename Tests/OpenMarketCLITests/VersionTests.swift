import OpenMarketHTTPTestSupport
import OpenMarketVersion
import Testing

@Suite("openmarket --version")
struct VersionTests {
    @Test("prints the version alone on one line and exits 0, before any server starts")
    func printsTheVersion() throws {
        let result = try ServerProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.output == OpenMarketVersion.current + "\n")
        #expect(OpenMarketVersion.current.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+/) != nil)
    }
}
