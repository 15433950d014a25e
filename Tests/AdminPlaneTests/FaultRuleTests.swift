import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketAdminPlane
import OpenMarketHTTPTestSupport
import Testing

/// Which requests a fault catches: paths, times, the seeded probability, creation order, deletion and reset.
@Suite struct FaultRuleTests {
    /// True when the request was dropped.
    private static func dropped(_ server: LiveServer, _ target: String) throws -> Bool {
        try server.rawExchange("GET", target).bytes.isEmpty
    }

    @Test("paths match after slash normalisation, the query ignored; * is one segment, ** the rest")
    func paths() throws {
        let server = try LiveServer.withAdmin(.v2b)
        try server.addFault(#"{"path": "/api/products/*", "action": "drop"}"#)
        try server.addFault(#"{"path": "/api/images/**", "action": "drop"}"#)
        #expect(try Self.dropped(server, "//api//products/7/?x=1"))
        #expect(try !Self.dropped(server, "/api/products?page_no=1&items_per_page=1"))
        #expect(try !Self.dropped(server, "/api/products/7/archived"))
        #expect(try Self.dropped(server, "/api/images/a/b/c.png"))
        #expect(try !Self.dropped(server, "/healthChecker"))
    }

    @Test("times counts down and the fault goes at 0; the first matching fault in creation order applies")
    func times() throws {
        let server = try LiveServer.withAdmin(.v2b)
        try server.addFault(#"{"path": "/healthChecker", "action": "respond", "status": 500, "times": 2}"#)
        try server.addFault(#"{"path": "/**", "action": "respond", "status": 502}"#)
        let statuses = try (0..<3).map { _ in try server.request("GET", "/healthChecker").status }
        #expect(statuses == [500, 500, 502])
        let left = try server.admin("GET", "/__admin/faults").json["faults"] as? [[String: Any]]
        #expect(left?.map { $0["id"] as? Int } == [2])
    }

    @Test("probability with a --fault-seed gives the same faulted requests on every run")
    func seededProbability() throws {
        func pattern() throws -> [Bool] {
            let server = try LiveServer.withAdmin(.v2b, AdminSettings(faultSeed: 42))
            try server.addFault(#"{"path": "/healthChecker", "action": "drop", "probability": 0.5}"#)
            return try (0..<24).map { _ in try Self.dropped(server, "/healthChecker") }
        }
        let first = try pattern()
        #expect(try pattern() == first)
        #expect(first.contains(true) && first.contains(false), "\(first)")
    }

    @Test("DELETE one fault or all of them; a reset clears them, and health counts them")
    func removal() throws {
        let server = try LiveServer.withAdmin(.v2b)
        let first = try server.addFault(#"{"path": "/a", "action": "drop"}"#)
        try server.addFault(#"{"path": "/b", "action": "drop"}"#)
        #expect(try server.admin("GET", "/__admin/health").json["activeFaults"] as? Int == 2)
        #expect(try server.admin("DELETE", "/__admin/faults/\(first)").status == 204)
        #expect(try server.admin("DELETE", "/__admin/faults/\(first)").status == 404)
        #expect(try server.admin("GET", "/__admin/health").json["activeFaults"] as? Int == 1)
        #expect(try server.admin("POST", "/__admin/reset").json["activeFaults"] as? Int == 0)
        try server.addFault(#"{"path": "/c", "action": "drop"}"#)
        #expect(try server.admin("DELETE", "/__admin/faults").status == 204)
        #expect(try server.admin("GET", "/__admin/faults").text == #"{"faults":[]}"#)
    }
}
