import Foundation
import OpenMarketHTTPTestSupport
import Testing

/// What a user finds beside the database after the server stops, and what a start on a full disk says.
@Suite("openmarket serve and backup, the database's files")
struct StoreFilesTests {
    private static func files(in directory: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
    }

    @Test("after SIGTERM the database file alone holds every change; a backup while running is one file too")
    func stopLeavesOneFile() throws {
        let directory = try TemporaryDirectory()
        let database = directory.path("market.sqlite")
        let server = try ServerProcess(["serve", "--port", "0", "--database", database, "--seed", "demo", "--log-level", "error"])
        let seeded = try RawHTTPConnection(port: server.port).request("GET", "/api/products?page_no=1&items_per_page=1")
        let total = try #require(seeded.json["totalCount"] as? Int)
        #expect(total > 0)

        let copies = try TemporaryDirectory()
        let backup = try ServerProcess.run(["backup", "--database", database, copies.path("copy.sqlite")])
        #expect(backup.status == 0, "\(backup.output)")
        #expect(try Self.files(in: copies) == ["copy.sqlite"])
        let again = try ServerProcess.run(["backup", "--database", database, copies.path("copy.sqlite")])
        #expect(again.status == 1)
        #expect(again.output.contains("already exists and was left as it is"), "\(again.output)")

        #expect(server.stop(signal: SIGTERM) == 0)
        #expect(try Self.files(in: directory) == ["market.sqlite", "market.sqlite-reserve"])

        for copy in [database, copies.path("copy.sqlite")] {
            let alone = try TemporaryDirectory()
            try FileManager.default.copyItem(atPath: copy, toPath: alone.path("alone.sqlite"))
            let restarted = try ServerProcess(["serve", "--port", "0", "--database", alone.path("alone.sqlite"), "--log-level", "error"])
            let listed = try RawHTTPConnection(port: restarted.port).request("GET", "/api/products?page_no=1&items_per_page=1")
            #expect(listed.json["totalCount"] as? Int == total)
        }
    }

    @Test("a start on a full disk says so in one line and exits 1",
          .enabled(if: SmallDisk.canMount, "mounting a small tmpfs needs root; skipped"))
    func startOnAFullDisk() throws {
        let disk = try SmallDisk(megabytes: 4)
        let database = disk.path("market.sqlite")
        let server = try ServerProcess(["serve", "--port", "0", "--database", database, "--log-level", "error"])
        #expect(server.stop(signal: SIGTERM) == 0)
        // Without its reserve (removed by hand, or made by an older version) nothing gives room back.
        try FileManager.default.removeItem(atPath: database + "-reserve")
        try disk.fill()

        let refused = try ServerProcess.run(["serve", "--port", "0", "--database", database])
        #expect(refused.status == 1)
        #expect(refused.output.split(separator: "\n").count == 1, "\(refused.output)")
        #expect(refused.output.contains("is full, so the server cannot start"), "\(refused.output)")

        try disk.empty()
        let started = try ServerProcess(["serve", "--port", "0", "--database", database, "--log-level", "error"])
        #expect(try RawHTTPConnection(port: started.port).request("GET", "/healthChecker").status == 200)
    }
}
