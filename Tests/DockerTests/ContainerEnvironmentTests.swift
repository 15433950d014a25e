import HTTPTestSupport
import Testing

/// A container is configured through its environment. OpenMarketCLITests' `environment()` covers the other
/// variables of the README's table; these are the ones it leaves out.
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
        #expect(refused.status != 0)
        #expect(refused.output.contains("threads must be 1 to 256; got 0"), "\(refused.output)")
        let started = try ServerProcess(arguments, environment: ["OPENMARKET_THREADS": "1"])
        #expect(started.stop() == 0)
    }
}
