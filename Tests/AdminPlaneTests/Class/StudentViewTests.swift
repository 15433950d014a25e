import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketAdminPlane
import OpenMarketHTTPTestSupport
import Testing

/// A student's own view over a real socket: who a request belongs to, and every attempt to see another team's data.
@Suite struct StudentViewTests {
    @Test func aMissingOrWrongCredentialIsA401ThatMakesABrowserAsk() throws {
        let live = try ClassServer()
        let port = live.server.port
        let attempts: [[(String, String)]] = [
            [],
            [ClassServer.basic(live.teams[0].identifier, "wrong-secret")],
            // Another team's identifier with one's own secret.
            [ClassServer.basic(live.teams[1].identifier, live.teams[0].secret)],
            [ClassServer.basic(live.teams[0].identifier, "")],
            [("Authorization", "Basic not-base64!")],
            [("Authorization", "Bearer \(live.teams[0].secret)")],
            // The identifier header an app sends is no sign-in.
            [("identifier", live.teams[0].identifier)],
        ]
        for headers in attempts {
            for target in ["/__admin/me", "/__admin/me/", "/__admin/me/requests/1"] {
                let response = try RawHTTPConnection(port: port).request("GET", target, headers: headers)
                #expect(response.status == 401, "\(target) \(headers)")
                #expect(response.header("WWW-Authenticate")?.hasPrefix("Basic ") == true)
                #expect(!response.text.contains(live.teams[1].identifier))
            }
            let reset = try RawHTTPConnection(port: port).request("POST", "/__admin/me/reset", headers: headers)
            #expect(reset.status == 401)
        }
    }

    @Test func aTeamSeesOnlyItsOwnRequestsWhateverItSends() throws {
        let live = try ClassServer()
        // Team 0 on 127.0.0.2, team 1 on 127.0.0.3; each writes with its identifier, then reads without one.
        let first = try live.createProduct(team: 0, name: "해오름 연필")
        _ = try live.send("GET", "/api/products/\(first)", team: 0, from: "127.0.0.2")
        _ = try live.send("GET", "/api/products?page_no=1&items_per_page=5&team0-list", team: nil, from: "127.0.0.2")
        _ = try live.send("GET", "/api/products?page_no=1&items_per_page=9&team1-secret-list", team: 1, from: "127.0.0.3")
        _ = try live.send("GET", "/api/products?page_no=2&items_per_page=9&team1-after", team: nil, from: "127.0.0.3")

        let mine = try live.me(0, from: "127.0.0.2")
        #expect(mine.status == 200)
        let targets = live.requestTargets(mine)
        #expect(targets.contains("/api/products?page_no=1&items_per_page=5&team0-list"))
        #expect(targets.contains("/api/products"))
        #expect(!targets.contains { $0.contains("team1") })
        #expect(!mine.text.contains(live.teams[1].identifier) && !mine.text.contains(live.teams[1].secret))
        #expect(!mine.text.contains(live.teams[0].secret))
        let theirs = live.requestTargets(try live.me(1, from: "127.0.0.3"))
        #expect(theirs.count == 2 && theirs.allSatisfy { $0.contains("team1") })

        // Another team's request ids, asked for directly, are answered as ids that never were.
        let theirIDs = (try live.me(1).json["requests"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
        for id in theirIDs {
            let asked = try live.me(0, "/__admin/me/requests/\(id)")
            #expect(asked.status == 404)
            #expect(!asked.text.contains("team1"))
        }
        #expect(try live.me(0, "/__admin/me/requests/999999").status == 404)
        #expect(try live.me(0, "/__admin/me/requests/abc").status == 404)
        // Forged headers and paths do not change whose view it is.
        let forged = try RawHTTPConnection(port: live.server.port).request("GET", "/__admin/me", headers: [
            ClassServer.basic(live.teams[0].identifier, live.teams[0].secret), ("identifier", live.teams[1].identifier),
            ("X-Forwarded-For", "127.0.0.3"), ("Forwarded", "for=127.0.0.3"),
        ])
        #expect(!live.requestTargets(forged).contains { $0.contains("team1") })
        #expect((forged.json["team"] as? [String: Any])?["name"] as? String == "해오름")
        for target in ["/__admin/me?team=박서준", "/__admin/me?identifier=\(live.teams[1].identifier)"] {
            #expect(try live.me(0, target).status == 400)
        }
        for target in ["//__admin//me//", "/__admin/me/../class", "/__admin/me/%2e%2e/requests"] {
            let tricked = try live.me(0, target)
            #expect(!tricked.text.contains(live.teams[1].identifier), "\(target): \(tricked.text)")
        }
        // The admin API itself stays closed to a student's credentials from another machine's point of view:
        // they are no admin token.
        let journal = try RawHTTPConnection(port: live.server.port).request(
            "GET", "/__admin/requests", headers: [("Authorization", "Bearer \(live.teams[0].secret)")])
        #expect(journal.status == 200) // loopback: the teacher's machine; the LAN case is AdminAccessNetworkTests'
    }

    @Test(.enabled(if: MachineAddress.nonLoopbackIPv4 != nil, "this machine has no non-loopback IPv4 address"))
    func fromAnotherMachineAStudentSignsInWithoutTheAdminTokenAndGetsNothingElse() throws {
        let address = try #require(MachineAddress.nonLoopbackIPv4)
        let live = try ClassServer(host: "0.0.0.0")
        let signIn = ClassServer.basic(live.teams[0].identifier, live.teams[0].secret)
        let connection = { try RawHTTPConnection(port: live.server.port, host: address) }
        let mine = try connection().request("GET", "/__admin/me", headers: [signIn])
        #expect(mine.status == 200)
        #expect((mine.json["team"] as? [String: Any])?["name"] as? String == "해오름")
        // The team's credentials open the team's view only: the teacher's and the journal stay closed.
        for target in ["/__admin/class", "/__admin/class?secrets=true", "/__admin/requests", "/__admin/requests/1",
                       "/__admin/products", "/__admin/"] {
            #expect(try connection().request("GET", target, headers: [signIn]).status == 403, "\(target)")
        }
        #expect(try connection().request("POST", "/__admin/reset", headers: [signIn]).status == 403)
    }

    @Test func aRefusedBodyIsDrawnAndExplainedInTheTeamsView() throws {
        let live = try ClassServer()
        let body = Array("--XX\r\nContent-Disposition: form-data; name=\"params\"\r\n{}\r\n--XX--\r\n".utf8)
        let refused = try live.send(
            "POST", "/api/products", team: 2, headers: [("Content-Type", "multipart/form-data; boundary=XX")], body: body)
        #expect(refused.status == 400)
        let id = try #require((try live.me(2).json["requests"] as? [[String: Any]])?.first?["id"] as? Int)
        let detail = try live.me(2, "/__admin/me/requests/\(id)")
        let multipart = (detail.json["request"] as? [String: Any])?["multipart"] as? [String: Any]
        let rejection = multipart?["rejection"] as? [String: Any]
        #expect(rejection?["kind"] as? String == "missingBlankLineAfterHeaders")
        #expect(multipart?["correctBodySketch"] is String)
        let segments = multipart?["segments"] as? [Any]
        #expect(segments?.isEmpty == false)
        // The teacher sees the mistake by kind, and which team made it.
        let view = try live.server.request("GET", "/__admin/class").json
        let mistakes = view["mistakes"] as? [[String: Any]] ?? []
        #expect(mistakes.first?["kind"] as? String == "missingBlankLineAfterHeaders")
        #expect(mistakes.first?["message"] as? String == "no blank line after a part's headers")
        #expect(mistakes.first?["teams"] as? [String] == ["달빛"])
        let team = (view["teams"] as? [[String: Any]] ?? [])[2]
        #expect(team["requests"] as? Int == 1 && team["errors"] as? Int == 1)
        let last = team["lastRefusal"] as? [String: Any]
        #expect(last?["method"] as? String == "POST" && last?["path"] as? String == "/api/products")
        #expect(last?["status"] as? Int == 400)
        #expect((last?["message"] as? String)?.contains("blank line") == true)
    }

    /// The kind of refusal the error itself names decides, not a second reading of the body compared by its
    /// message: a body the journal kept only the start of is still counted under its multipart kind.
    @Test func aRefusedBodyCutShortInTheJournalIsStillCountedByItsKind() throws {
        let live = try ClassServer(journalBodyBytes: 16)
        let body = Array("--XX\r\nContent-Disposition: form-data; name=\"params\"\r\n{}\r\n--XX--\r\n".utf8)
        let refused = try live.send(
            "POST", "/api/products", team: 0, headers: [("Content-Type", "multipart/form-data; boundary=XX")], body: body)
        #expect(refused.status == 400)
        let mistakes = try live.server.request("GET", "/__admin/class").json["mistakes"] as? [[String: Any]] ?? []
        #expect(mistakes.map { $0["kind"] as? String } == ["missingBlankLineAfterHeaders"])
    }

    @Test func aResetDeletesOnlyTheTeamsOwnProducts() throws {
        let live = try ClassServer()
        let mine = try live.createProduct(team: 0, name: "내 것")
        let theirs = try live.createProduct(team: 1, name: "남의 것")
        let products = try live.me(0).json["products"] as? [[String: Any]] ?? []
        #expect(products.compactMap { $0["id"] as? Int } == [mine])
        // No admin URL a student could not open.
        #expect(products.allSatisfy { $0["thumbnail"] == nil })
        let reset = try live.me(0, "/__admin/me/reset", method: "POST")
        #expect(reset.status == 200 && reset.json["deleted"] as? Int == 1)
        #expect(try live.server.request("GET", "/api/products/\(mine)").status == 404)
        #expect(try live.server.request("GET", "/api/products/\(theirs)").status == 200)
    }

    @Test func onV1ATeamIsKnownByTheAddressItSignedInFrom() throws {
        let live = try ClassServer(.v1b)
        #expect(live.teams.count == 3)
        // Before signing in, the address is nobody's; after, its requests are the team's.
        _ = try live.send("GET", "/items/1?before", team: nil, from: "127.0.0.5")
        #expect(try live.me(1, from: "127.0.0.5").status == 200)
        _ = try live.send("GET", "/items/1?after", team: nil, from: "127.0.0.5")
        _ = try live.send("GET", "/items/1?elsewhere", team: nil, from: "127.0.0.6")
        let mine = try live.me(1, from: "127.0.0.5")
        #expect(live.requestTargets(mine) == ["/items/1?after"])
        #expect(mine.json["products"] == nil)
        let reset = try live.me(1, "/__admin/me/reset", method: "POST", from: "127.0.0.5")
        #expect(reset.status == 409)
        #expect((reset.json["error"] as? String)?.contains("password") == true)
    }

    @Test func aFloodingTeamMeetsItsFairShareAndTheOthersDoNot() throws {
        let live = try ClassServer(journal: 50)
        _ = try live.send("GET", "/api/products?page_no=1&items_per_page=3&before-the-flood", team: 0)
        // As fast as one connection goes, until the budget is spent (bounded in count and time).
        let connection = try RawHTTPConnection(port: live.server.port)
        var refusal: RawResponse?
        let deadline = ContinuousClock.now + .seconds(60)
        for _ in 0..<20_000 where refusal == nil && ContinuousClock.now < deadline {
            let response = try connection.request(
                "GET", "/api/products?page_no=1&items_per_page=1", headers: [("identifier", live.teams[1].identifier)])
            if response.status == 429 { refusal = response }
        }
        let refused = try #require(refusal)
        #expect(refused.json["code"] as? Int == 429)
        #expect((refused.json["message"] as? String)?.contains("fair share") == true)
        #expect(Int(refused.header("Retry-After") ?? "") ?? 0 >= 1)
        // Another team is served, and its request outlived the flood in its own view though the journal keeps 50.
        #expect(try live.send("GET", "/api/products?page_no=1&items_per_page=2", team: 0).status == 200)
        #expect(live.requestTargets(try live.me(0)).contains("/api/products?page_no=1&items_per_page=3&before-the-flood"))
        let journal = try live.server.request("GET", "/__admin/requests?limit=100").json["requests"] as? [Any]
        #expect(journal?.count == 50)
        let mistakes = try live.server.request("GET", "/__admin/class").json["mistakes"] as? [[String: Any]]
        #expect(mistakes?.first?["kind"] as? String == "fairShareSpent")
    }

    @Test func aLoopThatNeverSaysWhoItIsGetsAShareToo() throws {
        let live = try ClassServer()
        let connection = try RawHTTPConnection(port: live.server.port, clientAddress: "127.0.0.9")
        var refusal: RawResponse?
        let deadline = ContinuousClock.now + .seconds(60)
        for _ in 0..<20_000 where refusal == nil && ContinuousClock.now < deadline {
            let response = try connection.request("GET", "/api/products?page_no=1&items_per_page=1")
            if response.status == 429 { refusal = response }
        }
        let refused = try #require(refusal)
        #expect((refused.json["message"] as? String)?.contains("this machine (127.0.0.9, no team's yet)") == true)
        #expect(refused.header("Retry-After") != nil)
        // Another machine is not held back by it.
        #expect(try live.send("GET", "/api/products?page_no=1&items_per_page=1", team: nil, from: "127.0.0.10").status == 200)
    }
}
