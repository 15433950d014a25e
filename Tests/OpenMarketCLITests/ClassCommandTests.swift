import Foundation
import OpenMarketHTTPTestSupport
import Testing

/// `serve --class` and `openmarket class handouts` through the real binary, as a teacher runs them.
@Suite struct ClassCommandTests {
    static let roster = "name,team\n김민수,해오름\n이지은,해오름\n박서준\n"

    private func write(_ text: String, in folder: TemporaryDirectory, as name: String = "roster.csv") throws -> String {
        let path = folder.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a bad roster stops the server before it listens, with its line and the fix", arguments: [
        ("김민수\n이지은\n김민수,B\n", "line 3 names 김민수 again (first on line 1)"),
        ("Kim\n,Team\n", "line 2 has no student name"),
        ("Kim,A,extra\n", "line 1 has 3 fields"),
    ])
    func badRoster(text: String, message: String) throws {
        let folder = try TemporaryDirectory()
        let path = try write(text, in: folder)
        let flag = try ServerProcess.run(["--port", "0", "--database", ":memory:", "--class", path])
        #expect(flag.status == 64)
        #expect(flag.output.contains("--class \(path): \(message)"), "\(flag.output)")
        let variable = try ServerProcess.run(
            ["--port", "0", "--database", ":memory:"], environment: ["OPENMARKET_CLASS": path])
        #expect(variable.status == 64)
        #expect(variable.output.contains("OPENMARKET_CLASS \(path): \(message)"), "\(variable.output)")
    }

    @Test("a class needs the journal, and a roster that is there")
    func classNeeds() throws {
        let folder = try TemporaryDirectory()
        let path = try write(Self.roster, in: folder)
        let off = try ServerProcess.run(["--port", "0", "--database", ":memory:", "--class", path, "--journal", "0"])
        #expect(off.status != 0 && off.output.contains("drop --no-admin and --journal 0"), "\(off.output)")
        let missing = try ServerProcess.run(["--port", "0", "--database", ":memory:", "--class", folder.path("none.csv")])
        #expect(missing.status != 0 && missing.output.contains("cannot read"), "\(missing.output)")
    }

    @Test("serve says how big the class is and what to do next; handouts are one page per team and an index")
    func serveThenHandouts() throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("class.sqlite")
        let roster = try write(Self.roster, in: folder)
        let server = try ServerProcess(["--port", "0", "--database", database, "--class", roster])
        let teams = try RawHTTPConnection(port: server.port).request("GET", "/__admin/class?secrets=true")
            .json["teams"] as? [[String: Any]] ?? []
        #expect(teams.count == 2)
        let output = folder.path("handouts")
        let made = try ServerProcess.run(
            ["class", "handouts", "--database", database, "--url", "http://192.0.2.10:8080/", "--output", output])
        #expect(made.status == 0, "\(made.output)")
        #expect(made.output.contains("wrote 2 handouts"))
        let index = try String(contentsOfFile: "\(output)/index.html", encoding: .utf8)
        #expect(index.contains("team-01.html") && index.contains("해오름") && index.contains("박서준"))
        for (number, team) in teams.enumerated() {
            let page = try String(contentsOfFile: "\(output)/team-0\(number + 1).html", encoding: .utf8)
            #expect(page.contains("<h1>\(team["name"] as? String ?? "?")</h1>"))
            #expect(page.contains(team["identifier"] as? String ?? "?") && page.contains(team["secret"] as? String ?? "?"))
            #expect(page.contains("let baseURL = URL(string: &quot;http://192.0.2.10:8080&quot;)!"))
            #expect(page.contains("http://192.0.2.10:8080/__admin/me/"))
            // One team's handout holds no other team's secret.
            for other in teams where other["name"] as? String != team["name"] as? String {
                #expect(!page.contains(other["secret"] as? String ?? "?"))
            }
        }
    }

    @Test("handouts refuse a store without a class, and a URL that is no base URL")
    func handoutsRefuse() throws {
        let folder = try TemporaryDirectory()
        let noClass = folder.path("plain.sqlite")
        _ = try ServerProcess(["--port", "0", "--database", noClass]).stop()
        let plain = try ServerProcess.run(
            ["class", "handouts", "--database", noClass, "--url", "http://192.0.2.10:8080", "--output", folder.path("h")])
        #expect(plain.status != 0 && plain.output.contains("has no class"), "\(plain.output)")
        let badURL = try ServerProcess.run(
            ["class", "handouts", "--database", noClass, "--url", "192.0.2.10:8080", "--output", folder.path("h")])
        #expect(badURL.status != 0 && badURL.output.contains("base URL"), "\(badURL.output)")
        let none = try ServerProcess.run(
            ["class", "handouts", "--database", folder.path("none.sqlite"), "--url", "http://192.0.2.10", "--output", "h"])
        #expect(none.status != 0 && none.output.contains("no database"), "\(none.output)")
    }
}
