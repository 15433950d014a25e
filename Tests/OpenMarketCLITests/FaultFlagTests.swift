import OpenMarketHTTPTestSupport
import Testing

/// --latency, OPENMARKET_LATENCY and --fault-seed, through the real binary.
@Suite struct FaultFlagTests {
    @Test("bad latency or seed stops the server before it listens, naming the flag or variable", arguments: [
        (["--latency", "fast"], [String: String](), "--latency must be MS or MIN-MAX"),
        (["--latency", "300-100"], [:], "--latency"),
        (["--latency", "-5"], [:], "--latency"),
        (["--latency", "700000"], [:], "600000"),
        ([], ["OPENMARKET_LATENCY": "1-2-3"], "OPENMARKET_LATENCY must be MS or MIN-MAX"),
        (["--fault-seed", "-1"], [:], "fault-seed"),
        (["--no-admin", "--latency", "100"], [:], "--no-admin"),
    ])
    func badSettings(arguments: [String], environment: [String: String], mentioned: String) throws {
        let result = try ServerProcess.run(["--port", "0", "--database", ":memory:"] + arguments, environment: environment)
        #expect(result.status != 0)
        #expect(result.output.contains(mentioned), "\(result.output)")
    }

    @Test("--latency MIN-MAX and OPENMARKET_LATENCY set the starting latency")
    func startingLatency() throws {
        let ranged = try ServerProcess(["--port", "0", "--database", ":memory:", "--latency", "100-250"])
        let read = try RawHTTPConnection(port: ranged.port).request("GET", "/__admin/latency")
        #expect(read.text == #"{"minMs":100,"maxMs":250}"#)
        let started = ContinuousClock.now
        #expect(try RawHTTPConnection(port: ranged.port).request("GET", "/healthChecker").status == 200)
        #expect(ContinuousClock.now - started >= .milliseconds(100))
        let fixed = try ServerProcess(["--port", "0", "--database", ":memory:"], environment: ["OPENMARKET_LATENCY": "40"])
        #expect(try RawHTTPConnection(port: fixed.port).request("GET", "/__admin/latency").text == #"{"minMs":40,"maxMs":40}"#)
    }
}
