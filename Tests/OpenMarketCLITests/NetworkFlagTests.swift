import OpenMarketHTTPTestSupport
import Testing

/// --network, OPENMARKET_NETWORK and --journal-body-bytes, through the real binary.
@Suite struct NetworkFlagTests {
    @Test("bad network or journal body settings stop the server before it listens, naming the flag or variable", arguments: [
        (["--network", "5g"], [String: String](), "--network must be a profile (unlimited, edge, 3g"),
        (["--network", "0/100"], [:], "--network must be"),
        (["--network", "100/"], [:], "--network must be"),
        ([], ["OPENMARKET_NETWORK": "fast"], "OPENMARKET_NETWORK must be"),
        (["--no-admin", "--network", "edge"], [:], "--no-admin"),
        (["--journal-body-bytes=-1"], [:], "--journal-body-bytes must be 0"),
        ([], ["OPENMARKET_JOURNAL_BODY_BYTES": "2147483648"], "OPENMARKET_JOURNAL_BODY_BYTES must be 0"),
    ])
    func badSettings(arguments: [String], environment: [String: String], mentioned: String) throws {
        let result = try ServerProcess.run(["--port", "0", "--database", ":memory:"] + arguments, environment: environment)
        #expect(result.status != 0)
        #expect(result.output.contains(mentioned), "\(result.output)")
    }

    @Test("a profile sets the rates and its latency, unless --latency is given; DOWN/UP sets the rates alone")
    func startingNetwork() throws {
        let edge = try ServerProcess(["--port", "0", "--database", ":memory:", "--network", "edge"])
        let read = try RawHTTPConnection(port: edge.port).request("GET", "/__admin/network")
        #expect(read.text.hasPrefix(
            #"{"downloadBytesPerSecond":30000,"uploadBytesPerSecond":25000,"latency":{"minMs":840,"maxMs":840},"profile":"edge","#))
        let quick = try ServerProcess(
            ["--port", "0", "--database", ":memory:", "--latency", "5"], environment: ["OPENMARKET_NETWORK": "3g"])
        #expect(try RawHTTPConnection(port: quick.port).request("GET", "/__admin/latency").text == #"{"minMs":5,"maxMs":5}"#)
        let rates = try ServerProcess(["--port", "0", "--database", ":memory:", "--network", "100000/50000"])
        #expect(try RawHTTPConnection(port: rates.port).request("GET", "/__admin/network").text.hasPrefix(
            #"{"downloadBytesPerSecond":100000,"uploadBytesPerSecond":50000,"latency":{"minMs":0,"maxMs":0},"profiles":"#))
        let bare = try ServerProcess(["--port", "0", "--database", ":memory:", "--no-admin", "--network", "20000"])
        #expect(try RawHTTPConnection(port: bare.port).request("GET", "/healthChecker").status == 200)
    }
}
