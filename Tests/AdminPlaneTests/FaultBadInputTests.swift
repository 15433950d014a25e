import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import Testing

/// Bad input to /__admin/faults and /__admin/latency: a clear 4xx in the admin error shape, and nothing changed.
@Suite struct FaultBadInputTests {
    static let refusals: [(method: String, target: String, body: String, status: Int, mentions: String)] = [
        ("POST", "/__admin/faults", "", 400, "JSON object"),
        ("POST", "/__admin/faults", "[1]", 400, "JSON object"),
        ("POST", "/__admin/faults", #"{"action": "drop"}"#, 400, "path is required"),
        ("POST", "/__admin/faults", #"{"path": "api", "action": "drop"}"#, 400, "path must start with /"),
        ("POST", "/__admin/faults", #"{"path": "/a?b=1", "action": "drop"}"#, 400, "without the query"),
        ("POST", "/__admin/faults", #"{"path": "/**/a", "action": "drop"}"#, 400, "must come last"),
        ("POST", "/__admin/faults", #"{"path": "/a"}"#, 400, "action is required"),
        ("POST", "/__admin/faults", #"{"path": "/a", "action": "explode"}"#, 400, "respond, drop, reset, truncate"),
        ("POST", "/__admin/faults", #"{"path": "/a", "action": "drop", "status": 500}"#, 400, "respond"),
        ("POST", "/__admin/faults", #"{"path": "/a", "action": "respond", "status": 99}"#, 400, "status"),
        ("POST", "/__admin/faults", #"{"path": "/a", "action": "respond", "status": "500"}"#, 400, "status"),
        ("POST", "/__admin/faults", #"{"path": "/a", "action": "respond", "body": 5}"#, 400, "body must be a string"),
        ("POST", "/__admin/faults", #"{"path": "/a", "action": "respond", "headers": []}"#, 400, "headers must be"),
        ("POST", "/__admin/faults", #"{"path": "/a", "action": "respond", "headers": {"A B": "1"}}"#, 400, "header"),
        ("POST", "/__admin/faults", #"{"path": "/a", "action": "drop", "delayMs": -1}"#, 400, "delayMs"),
        ("POST", "/__admin/faults", #"{"path": "/a", "action": "drop", "delayMs": 600001}"#, 400, "delayMs"),
        ("POST", "/__admin/faults", #"{"path": "/a", "action": "drop", "times": 0}"#, 400, "times"),
        ("POST", "/__admin/faults", #"{"path": "/a", "action": "drop", "times": 1.5}"#, 400, "times"),
        ("POST", "/__admin/faults", #"{"path": "/a", "action": "drop", "probability": 0}"#, 400, "probability"),
        ("POST", "/__admin/faults", #"{"path": "/a", "action": "drop", "probability": 1.5}"#, 400, "probability"),
        ("POST", "/__admin/faults", #"{"path": "/a", "action": "drop", "method": "G T"}"#, 400, "method"),
        ("POST", "/__admin/faults", #"{"path": "/a", "action": "drop", "count": 1}"#, 400, "unknown member"),
        ("POST", "/__admin/faults?x=1", #"{"path": "/a", "action": "drop"}"#, 400, "no query parameters"),
        ("GET", "/__admin/faults?all=1", "", 400, "no query parameters"),
        ("DELETE", "/__admin/faults/abc", "", 400, "fault id"),
        ("DELETE", "/__admin/faults/0", "", 400, "fault id"),
        ("DELETE", "/__admin/faults/99", "", 404, "no fault 99"),
        ("PUT", "/__admin/faults", "", 405, "GET"),
        ("PUT", "/__admin/latency", "", 400, "minMs"),
        ("PUT", "/__admin/latency", #"{"maxMs": 5}"#, 400, "minMs"),
        ("PUT", "/__admin/latency", #"{"minMs": 5, "maxMs": 1}"#, 400, "minMs <= maxMs"),
        ("PUT", "/__admin/latency", #"{"minMs": -1}"#, 400, "0 <= minMs"),
        ("PUT", "/__admin/latency", #"{"minMs": 600001}"#, 400, "600000"),
        ("PUT", "/__admin/latency", #"{"minMs": 1.5}"#, 400, "whole milliseconds"),
        ("PUT", "/__admin/latency", #"{"minMs": 1, "jitter": 2}"#, 400, "minMs"),
        ("GET", "/__admin/latency?x=1", "", 400, "no query parameters"),
        ("POST", "/__admin/latency", "", 405, "GET"),
    ]

    @Test("a clear 4xx in the admin error shape, and nothing changed")
    func refusedWithoutChange() throws {
        let server = try LiveServer.withAdmin(.v2b)
        try server.addFault(#"{"path": "/kept", "action": "drop", "times": 3}"#)
        _ = try server.admin("PUT", "/__admin/latency", body: Array(#"{"minMs": 1, "maxMs": 2}"#.utf8))
        let faultsBefore = try server.admin("GET", "/__admin/faults").text
        for refusal in Self.refusals {
            let response = try server.admin(refusal.method, refusal.target, body: Array(refusal.body.utf8))
            #expect(response.status == refusal.status, "\(refusal.method) \(refusal.target) \(refusal.body)")
            #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            let message = response.json["error"] as? String ?? ""
            #expect(message.contains(refusal.mentions), "\(refusal.body): \(message)")
        }
        #expect(try server.admin("GET", "/__admin/faults").text == faultsBefore)
        #expect(try server.admin("GET", "/__admin/latency").text == #"{"minMs":1,"maxMs":2}"#)
    }
}
