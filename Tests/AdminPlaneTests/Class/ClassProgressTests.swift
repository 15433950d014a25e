import Foundation
import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketAdminPlane
import OpenMarketHTTPTestSupport
import Testing

/// A scripted class of five teams at different steps of the course, over a real socket and a real SQLite file: the
/// teacher's progress (JSON and CSV), a team's own, a restart, the resets.
@Suite struct ClassProgressTests {
    static let roster = "name,team\n김민수,해오름\n이지은,해오름\n박서준,달빛\n최유나,별빛\n정하늘,새싹\n한결,바람\n"

    /// 해오름 on I-1, 달빛 on I-2, 별빛 on II-1 with a missing identifier, 새싹 on II-2 with the secrets confused,
    /// 바람 through the whole course and a search.
    static func playClass(_ live: ClassServer) throws -> [CourseApp] {
        let apps = (0..<5).map { CourseApp(live: live, team: $0, address: "127.0.1.\($0 + 1)") }
        for app in apps { try app.signIn() }
        let wind = apps[4]
        let products = try (1...4).map { try wind.createdID("바람 상품 \($0)") }
        try wind.networking()
        try wind.listAndGrid()
        let patched = try wind.patch(products[0])
        try #require(patched.status == 202, "\(patched.status) \(patched.text)")
        #expect(try wind.delete(try wind.archive(products[1])).status == 200)
        _ = try wind.list(page: 1, size: 20, search: "%EB%B0%94%EB%9E%8C")

        try apps[0].get("/healthChecker")
        _ = try apps[0].list(page: 1, size: 20)
        try apps[1].networking()
        for app in apps[2...3] {
            try app.networking()
            try app.listAndGrid()
        }
        #expect(try apps[2].create("별빛 상품", identifier: false).status == 400)
        let sprout = try apps[3].createdID("새싹 상품")
        _ = try apps[3].list(page: 1, size: 20)
        #expect(try apps[3].patch(sprout).status == 202)
        #expect(try apps[3].delete("/api/products/\(live.teams[3].secret)").status == 404)
        return apps
    }

    static func teams(_ progress: RawResponse) -> [[String: Any]] {
        progress.json["teams"] as? [[String: Any]] ?? []
    }

    static func step(_ team: [String: Any], _ id: String) -> [String: Any] {
        (team["steps"] as? [[String: Any]] ?? []).first { $0["id"] as? String == id } ?? [:]
    }

    @Test func theTeachersProgressShowsEachTeamsStepsTheStepItIsOnAndItsLastMistake() throws {
        let live = try ClassServer(roster: Self.roster)
        _ = try Self.playClass(live)
        let progress = try live.server.request("GET", "/__admin/class/progress")
        #expect(progress.status == 200)
        #expect(progress.json["generation"] as? String == "v2b")
        #expect((progress.json["steps"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
            == ["I-1", "I-2", "II-1", "II-2", "search"])
        let teams = Self.teams(progress)
        #expect(teams.map { $0["name"] as? String } == ["해오름", "달빛", "별빛", "새싹", "바람"])
        #expect(teams.map { $0["on"] as? String } == ["I-1", "I-2", "II-1", "II-2", nil])
        #expect(teams[0]["members"] as? [String] == ["김민수", "이지은"])

        // 해오름: what is left of I-1, in English and Korean.
        let sunrise = Self.step(teams[0], "I-1")
        #expect(sunrise["done"] as? Bool == false && sunrise["shown"] as? [String] == ["healthCheck", "list"])
        let left = sunrise["left"] as? [[String: Any]] ?? []
        #expect(left.map { $0["fact"] as? String } == ["detailOfListed"])
        #expect((left.first?["korean"] as? String)?.contains("상세") == true)

        // 달빛's I-1: done by its detail GET, the team's by its address, still in the journal.
        let moon = Self.step(teams[1], "I-1")
        let request = moon["request"] as? [String: Any] ?? [:]
        #expect(moon["done"] as? Bool == true && moon["firstDone"] is String)
        #expect(request["method"] as? String == "GET" && (request["target"] as? String)?.hasPrefix("/api/products/") == true)
        #expect(request["byAddress"] as? Bool == true && request["held"] as? Bool == true)
        let journaled = try live.server.request("GET", "/__admin/requests/\(request["id"] as? Int ?? 0)")
        #expect(journaled.status == 200 && journaled.json["clientAddress"] as? String == "127.0.1.2")

        // The mistakes that place 별빛 and 새싹.
        let star = teams[2]["lastMistake"] as? [String: Any]
        #expect(star?["kind"] as? String == "missingIdentifier")
        #expect(((star?["request"] as? [String: Any])?["byAddress"] as? Bool) == true)
        let sprout = teams[3]["lastMistake"] as? [String: Any]
        #expect(sprout?["kind"] as? String == "secretsConfused")
        #expect(((sprout?["request"] as? [String: Any])?["target"] as? String) == "/api/products/{vendor secret}")
        #expect(Self.step(teams[3], "II-1")["done"] as? Bool == true)
        // II-1 ends with the PATCH, which carries the identifier.
        #expect((Self.step(teams[3], "II-1")["request"] as? [String: Any])?["byAddress"] as? Bool == false)

        // 바람: every step and the extra.
        for id in ["I-1", "I-2", "II-1", "II-2", "search"] {
            #expect(Self.step(teams[4], id)["done"] as? Bool == true, "\(id)")
        }
        #expect(teams[4]["lastMistake"] is NSNull)
        // Secrets never show here.
        for team in live.teams { #expect(!progress.text.contains(team.secret)) }
    }

    @Test func theCSVHasATeamARowWithItsMembersItsStepAndEachStepsFirstTime() throws {
        let live = try ClassServer(roster: Self.roster)
        _ = try Self.playClass(live)
        let csv = try live.server.request("GET", "/__admin/class/progress.csv")
        #expect(csv.status == 200)
        #expect(csv.header("Content-Type") == "text/csv; charset=utf-8")
        #expect(csv.header("Content-Disposition")?.contains("class-progress.csv") == true)
        #expect(csv.body.starts(with: [0xEF, 0xBB, 0xBF]))
        let lines = String(decoding: csv.body.dropFirst(3), as: UTF8.self).components(separatedBy: "\r\n")
        #expect(lines.first == "team,members,on,I-1,I-2,II-1,II-2,search")
        #expect(lines.count == 7 && lines.last == "")
        let rows = lines.dropFirst().dropLast().map { $0.components(separatedBy: ",") }
        #expect(rows.map(\.count) == Array(repeating: 8, count: 5))
        #expect(rows[0].prefix(4) == ["해오름", "김민수; 이지은", "I-1", ""])
        #expect(rows[1][2] == "I-2" && rows[1][3].hasSuffix("Z") && rows[1][4] == "")
        #expect(rows[4][2] == "done" && rows[4][3...].allSatisfy { $0.hasSuffix("Z") })
        // The same first times as the JSON.
        let json = Self.teams(try live.server.request("GET", "/__admin/class/progress"))
        #expect(rows[1][3] == Self.step(json[1], "I-1")["firstDone"] as? String)
        #expect(try live.server.request("GET", "/__admin/class/progress.csv?team=1").status == 400)
    }

    @Test func aTeamSeesItsOwnStepsAndWhatIsLeft() throws {
        let live = try ClassServer(roster: Self.roster)
        _ = try Self.playClass(live)
        let mine = try live.me(2, from: "127.0.1.3")
        let progress = mine.json["progress"] as? [String: Any] ?? [:]
        #expect(progress["on"] as? String == "II-1")
        #expect((progress["lastMistake"] as? [String: Any])?["kind"] as? String == "missingIdentifier")
        let steps = progress["steps"] as? [[String: Any]] ?? []
        #expect(steps.map { $0["done"] as? Bool } == [true, true, false, false, false])
        let left = (steps[2]["left"] as? [[String: Any]] ?? []).compactMap { $0["english"] as? String }
        #expect(left.count == 3 && left[0].contains("registered"))
        // Its evidence links to its own requests; no other team's name shows.
        let evidence = steps[0]["request"] as? [String: Any] ?? [:]
        #expect(evidence["held"] as? Bool == true)
        #expect(try live.me(2, "/__admin/me/requests/\(evidence["id"] as? Int ?? 0)").status == 200)
        #expect(!mine.text.contains("바람") && !mine.text.contains("새싹"))
    }

    @Test func progressOutlivesARestartATeamsResetAndTheServersResetTillTheTeacherResetsIt() throws {
        let folder = try TemporaryDirectory()
        let live = try ClassServer(roster: Self.roster, folder: folder)
        _ = try Self.playClass(live)
        let before = Self.teams(try live.server.request("GET", "/__admin/class/progress"))
        // The team's own reset deletes its products, not its progress; nor does the server's reset.
        let reset = try live.me(4, "/__admin/me/reset", method: "POST", from: "127.0.1.5")
        #expect(reset.status == 200 && reset.json["deleted"] as? Int == 3)
        #expect(try live.server.request("POST", "/__admin/reset").status == 200)
        try live.server.restart()

        let after = Self.teams(try live.server.request("GET", "/__admin/class/progress"))
        #expect(after.map { $0["on"] as? String } == ["I-1", "I-2", "II-1", "II-2", nil])
        for (old, new) in zip(before, after) {
            for id in ["I-1", "I-2", "II-1", "II-2", "search"] {
                #expect(Self.step(new, id)["firstDone"] as? String == Self.step(old, id)["firstDone"] as? String)
            }
            #expect((new["lastMistake"] as? [String: Any])?["kind"] as? String
                == (old["lastMistake"] as? [String: Any])?["kind"] as? String)
        }
        // The requests were another run's: named, no longer held.
        let evidence = Self.step(after[1], "I-1")["request"] as? [String: Any] ?? [:]
        #expect(evidence["held"] as? Bool == false && (evidence["target"] as? String)?.hasPrefix("/api/products/") == true)

        // The teacher resets one team, by name (percent-encoded) or identifier, then all.
        #expect(try live.server.request("DELETE", "/__admin/class/progress/%EB%8B%AC%EB%B9%9B").json["reset"] as? [String]
            == ["달빛"])
        #expect(try live.server.request("DELETE", "/__admin/class/progress/nobody").status == 404)
        try live.server.restart()
        let oneReset = Self.teams(try live.server.request("GET", "/__admin/class/progress"))
        #expect(oneReset.map { $0["on"] as? String } == ["I-1", "I-1", "II-1", "II-2", nil])
        #expect(try live.server.request("DELETE", "/__admin/class/progress/\(live.teams[4].identifier)").status == 200)
        #expect(try live.server.request("DELETE", "/__admin/class/progress").json["reset"] as? [String]
            == ["해오름", "달빛", "별빛", "새싹", "바람"])
        let none = Self.teams(try live.server.request("GET", "/__admin/class/progress"))
        #expect(none.allSatisfy { ($0["steps"] as? [[String: Any]] ?? []).allSatisfy { $0["done"] as? Bool == false } })
    }

    /// v1 requests carry no identifier: every step is the team's by the address it signed in from.
    @Test func onV1EveryStepIsTheTeamsByTheAddressItSignedInFrom() throws {
        let live = try ClassServer(.v1b)
        let server = live.server
        #expect(try live.me(1).status == 200)
        let id = try server.createdItemID()
        #expect(try server.request("GET", "/items/1").status == 200)
        #expect(try server.request("GET", "/item/\(id)").status == 200)
        #expect(try server.patchItem(id, fields: [("password", LiveServer.itemPassword), ("stock", "5")]).status == 200)
        #expect(try server.deleteItem(id, json: #"{"password":"\#(LiveServer.itemPassword)"}"#).status == 200)
        #expect(try server.request("GET", "/item/\(id)").status == 404)
        let teams = Self.teams(try server.request("GET", "/__admin/class/progress"))
        #expect(teams.map { $0["on"] as? String } == ["1", "2", "1"])
        for step in ["1", "3", "4"] {
            let shown = Self.step(teams[1], step)
            #expect(shown["done"] as? Bool == true, "\(step)")
            #expect((shown["request"] as? [String: Any])?["byAddress"] as? Bool == true, "\(step)")
        }
        #expect((Self.step(teams[1], "4")["request"] as? [String: Any])?["status"] as? Int == 404)
        let csv = String(decoding: try server.request("GET", "/__admin/class/progress.csv").body.dropFirst(3), as: UTF8.self)
        #expect(csv.hasPrefix("team,members,on,1,2,3,4\r\n"))
    }

    @Test func withoutAClassProgressSaysHowToHaveOne() throws {
        let server = try LiveServer(.v2b, admin: AdminSettings(), transport: .socket)
        for target in ["/__admin/class/progress", "/__admin/class/progress.csv"] {
            let answer = try server.request("GET", target)
            #expect(answer.status == 404 && (answer.json["error"] as? String)?.contains("--class") == true)
        }
        #expect(try server.request("DELETE", "/__admin/class/progress").status == 404)
    }
}
