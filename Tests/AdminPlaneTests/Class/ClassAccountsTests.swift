import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketAdminPlane
import OpenMarketHTTPTestSupport
import Testing

/// The roster's accounts over a real socket and a real SQLite file: their form, kept across restarts, added to.
@Suite struct ClassAccountsTests {
    @Test func eachTeamGetsAVendorWithATimeBasedIdentifier() throws {
        let live = try ClassServer()
        #expect(live.teams.map(\.name) == ["해오름", "박서준", "달빛"])
        for team in live.teams {
            // xxxxxxxx-xxxx-1xxx-yxxx-xxxxxxxxxxxx: version 1, RFC 4122 variant, as the real server's.
            let pattern = /^[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
            #expect(team.identifier.wholeMatch(of: pattern) != nil, "\(team.identifier)")
            #expect(team.secret.count == 16)
        }
        #expect(Set(live.teams.map(\.secret)).count == 3)
        // Each team is a vendor: it registers with its own credentials and the product shows its name.
        let id = try live.createProduct(team: 1, name: "필통")
        let detail = try live.server.request("GET", "/api/products/\(id)")
        #expect((detail.json["vendors"] as? [String: Any])?["name"] as? String == "박서준")
    }

    @Test func aRestartKeepsEveryCredentialAndALongerRosterOnlyAdds() throws {
        let folder = try TemporaryDirectory()
        let first = try ClassServer(folder: folder).teams
        let again = try ClassServer(folder: folder).teams
        #expect(again.map(\.identifier) == first.map(\.identifier))
        #expect(again.map(\.secret) == first.map(\.secret))
        let longer = try ClassServer(roster: ClassServer.roster + "정하늘,새싹\n", folder: folder).teams
        #expect(longer.count == 4)
        #expect(Array(longer.prefix(3).map(\.secret)) == first.map(\.secret))
        #expect(longer[3].name == "새싹" && !first.map(\.identifier).contains(longer[3].identifier))
    }

    @Test func theTeachersViewHidesSecretsUnlessAsked() throws {
        let live = try ClassServer()
        let view = try live.server.request("GET", "/__admin/class")
        #expect(view.status == 200)
        #expect(view.keyOrder.first == "teams" && view.keyOrder.last == "mistakes")
        for team in live.teams {
            #expect(!view.text.contains(team.secret))
            #expect(view.text.contains(team.identifier))
        }
        #expect(try live.server.request("GET", "/__admin/class?secrets=yes").status == 400)
        #expect(try live.server.request("GET", "/__admin/class?team=1").status == 400)
    }

    @Test func withoutAClassTheTeachersViewSaysHowToHaveOne() throws {
        let server = try LiveServer(.v2b, admin: AdminSettings(), transport: .socket)
        let view = try server.request("GET", "/__admin/class")
        #expect(view.status == 404)
        #expect((view.json["error"] as? String)?.contains("--class") == true)
    }
}
