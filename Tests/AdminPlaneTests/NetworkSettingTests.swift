import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketAdminPlane
import OpenMarketHTTPTestSupport
import Testing

/// `GET` and `PUT /__admin/network`: the rates, the latency beside them, the profiles, and refusals that change
/// nothing.
@Suite struct NetworkSettingTests {
    private static func put(_ server: LiveServer, _ body: String) throws -> RawResponse {
        try server.admin("PUT", "/__admin/network", body: Array(body.utf8))
    }

    @Test("unlimited at start, named as such, with every profile listed in the order the page shows them")
    func start() throws {
        let server = try LiveServer.withAdmin(.v2b)
        let answer = try server.admin("GET", "/__admin/network")
        #expect(answer.status == 200)
        #expect(answer.text.hasPrefix(
            #"{"downloadBytesPerSecond":null,"uploadBytesPerSecond":null,"latency":{"minMs":0,"maxMs":0},"profile":"unlimited","profiles":[{"name":"unlimited","downloadBytesPerSecond":null,"uploadBytesPerSecond":null,"latencyMs":0},{"name":"edge","downloadBytesPerSecond":30000,"uploadBytesPerSecond":25000,"latencyMs":840},"#))
        let names = (answer.json["profiles"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["unlimited", "edge", "3g", "very-bad-network", "dsl", "wifi", "lte"])
    }

    @Test("a profile sets its rates and latency; rates alone leave the latency as it was")
    func set() throws {
        let server = try LiveServer.withAdmin(.v2b)
        let edge = try Self.put(server, #"{"profile": "edge"}"#)
        #expect(edge.status == 200)
        #expect(edge.json["profile"] as? String == "edge")
        #expect(try server.admin("GET", "/__admin/latency").text == #"{"minMs":840,"maxMs":840}"#)
        let rates = try Self.put(server, #"{"downloadBytesPerSecond": 5000, "uploadBytesPerSecond": null}"#)
        #expect(rates.text.hasPrefix(
            #"{"downloadBytesPerSecond":5000,"uploadBytesPerSecond":null,"latency":{"minMs":840,"maxMs":840},"profiles":"#))
        let latency = try Self.put(server, #"{"latencyMs": 0}"#)
        #expect(latency.text.hasPrefix(#"{"downloadBytesPerSecond":null,"uploadBytesPerSecond":null,"latency":{"minMs":0,"maxMs":0},"profile":"unlimited","#))
    }

    @Test("bad settings are refused with what to send, and change nothing", arguments: [
        #"{"profile": "5g"}"#, #"{"profile": "edge", "latencyMs": 3}"#, #"{"downloadBytesPerSecond": 0}"#,
        #"{"downloadBytesPerSecond": "fast"}"#, #"{"uploadBytesPerSecond": 1.5}"#, #"{"download": 100}"#,
        #"{"latencyMs": 600001}"#, "[]", "",
    ])
    func refusals(body: String) throws {
        let server = try LiveServer.withAdmin(.v2b)
        _ = try Self.put(server, #"{"profile": "3g"}"#)
        let refused = try Self.put(server, body)
        #expect(refused.status == 400)
        let message = refused.json["error"] as? String ?? ""
        #expect(message.contains("the profiles are") || message.contains("bytes per second"), "\(message)")
        #expect(try server.admin("GET", "/__admin/network").json["profile"] as? String == "3g")
    }
}
