import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketAdminPlane
import OpenMarketHTTPTestSupport
import Testing

/// How the page follows the journal: `?after=` for only what is new, `latestId`/`oldestId` to notice a clear, and
/// the journal's ETag so that a poll of an unchanged journal is a 304 with no body.
@Suite struct JournalPollingTests {
    private func ids(_ response: RawResponse) -> [Int] {
        (response.json["requests"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
    }

    @Test("after= lists only newer entries, newest first, with the other filters as before", arguments: Generation.all)
    func after(_ generation: Generation) throws {
        let server = try LiveServer.withAdmin(generation)
        for _ in 0..<3 { _ = try server.request("GET", server.listTarget) }
        _ = try server.request("GET", "/no/such/path")
        let all = try server.admin("GET", "/__admin/requests?after=0")
        #expect(ids(all) == [4, 3, 2, 1])
        #expect(all.json["latestId"] as? Int == 4)
        #expect(all.json["oldestId"] as? Int == 1)
        let newer = try server.admin("GET", "/__admin/requests?after=2")
        #expect(ids(newer) == [4, 3])
        #expect(newer.json["total"] as? Int == 2)
        #expect(ids(try server.admin("GET", "/__admin/requests?after=1&status=2xx")) == [3, 2])
        #expect(ids(try server.admin("GET", "/__admin/requests?after=1&limit=1")) == [4])
        #expect(ids(try server.admin("GET", "/__admin/requests?after=1&before=4")) == [3, 2])
        let none = try server.admin("GET", "/__admin/requests?after=4")
        #expect(ids(none) == [])
        #expect(none.json["latestId"] as? Int == 4)
        #expect(none.keyOrder == ["requests", "total", "latestId", "oldestId"])
    }

    @Test("a clear leaves latestId and drops oldestId; new ids go on above it")
    func clear() throws {
        let server = try LiveServer.withAdmin(.v2b)
        _ = try server.request("GET", "/healthChecker")
        _ = try server.request("GET", "/healthChecker")
        #expect(try server.admin("DELETE", "/__admin/requests").status == 204)
        let cleared = try server.admin("GET", "/__admin/requests?after=2")
        #expect(cleared.json["latestId"] as? Int == 2)
        #expect(cleared.json["oldestId"] == nil)
        _ = try server.request("GET", "/healthChecker")
        let after = try server.admin("GET", "/__admin/requests?after=2")
        #expect(ids(after) == [3])
        #expect(after.json["oldestId"] as? Int == 3)
    }

    @Test("an unchanged journal answers If-None-Match with 304 and no body; any change gives a new tag")
    func notModified() throws {
        let server = try LiveServer.withAdmin(.v2b)
        _ = try server.request("GET", "/healthChecker")
        let first = try server.admin("GET", "/__admin/requests?after=1")
        let tag = try #require(first.header("ETag"))
        let unchanged = try server.admin("GET", "/__admin/requests?after=1", headers: [("If-None-Match", tag)])
        #expect(unchanged.status == 304)
        #expect(unchanged.body.isEmpty)
        #expect(unchanged.header("ETag") == tag)
        // A stale tag is answered in full.
        #expect(try server.admin("GET", "/__admin/requests?after=1", headers: [("If-None-Match", "\"old\"")]).status == 200)

        _ = try server.request("GET", "/healthChecker")
        let grown = try server.admin("GET", "/__admin/requests?after=1", headers: [("If-None-Match", tag)])
        #expect(grown.status == 200)
        #expect(ids(grown) == [2])
        let grownTag = try #require(grown.header("ETag"))
        #expect(grownTag != tag)

        #expect(try server.admin("DELETE", "/__admin/requests").status == 204)
        let cleared = try server.admin("GET", "/__admin/requests?after=2", headers: [("If-None-Match", grownTag)])
        #expect(cleared.status == 200)
        #expect(cleared.header("ETag") != grownTag)
        // Bad input is refused before any tag is looked at.
        #expect(try server.admin("GET", "/__admin/requests?after=x", headers: [("If-None-Match", grownTag)]).status == 400)
    }

    @Test("eviction moves oldestId, so a poller drops what the journal no longer holds")
    func eviction() throws {
        let server = try LiveServer.withAdmin(.v2b, AdminSettings(journalCapacity: 2))
        for _ in 0..<3 { _ = try server.request("GET", "/healthChecker") }
        let list = try server.admin("GET", "/__admin/requests?after=0")
        #expect(ids(list) == [3, 2])
        #expect(list.json["oldestId"] as? Int == 2)
    }
}
