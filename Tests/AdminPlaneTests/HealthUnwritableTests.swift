import Foundation
import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import Testing

/// Health says 503, with the same body and the reason, when the database cannot take writes.
@Suite struct HealthUnwritableTests {
    @Test("a database file gone from under the server")
    func removedFile() throws {
        let server = try LiveServer.withAdmin(.v2b)
        try FileManager.default.removeItem(atPath: server.databasePath)
        let health = try server.request("GET", "/__admin/health")
        #expect(health.status == 503)
        let database = health.json["database"] as? [String: Any] ?? [:]
        #expect(database["writable"] as? Bool == false)
        #expect((database["reason"] as? String)?.contains(server.databasePath) == true)
        #expect(health.json["generation"] as? String == "v2b")
    }

    @Test(
        "a read-only database file",
        .enabled(if: geteuid() != 0, "root writes to read-only files, so only another user can see this"))
    func readOnlyFile() throws {
        let server = try LiveServer.withAdmin(.v2b)
        chmod(server.databasePath, 0o444)
        defer { chmod(server.databasePath, 0o644) }
        let health = try server.request("GET", "/__admin/health")
        #expect(health.status == 503)
        #expect(((health.json["database"] as? [String: Any])?["reason"] as? String)?.contains("permissions") == true)
    }
}
