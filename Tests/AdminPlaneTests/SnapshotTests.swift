import Foundation
import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import Testing

/// `/__admin/snapshots` over real sockets on a real SQLite file: save, change, restore.
@Suite struct SnapshotTests {
    @Test("after a restore the list and detail answers are the bytes they were, and ids go on from the snapshot", arguments: Generation.all)
    func restoreGivesBackTheSameBytes(_ generation: Generation) throws {
        let server = try LiveServer.withAdmin(generation)
        let first = try server.createAny()
        let second = try server.createAny()
        let taken = try server.admin("POST", "/__admin/snapshots", body: Array(#"{"name": "before"}"#.utf8))
        #expect(taken.status == 201, "\(taken.text)")
        #expect(taken.keyOrder == ["name", "createdAt", "products", "images", "byteCount"])
        #expect(taken.json["products"] as? Int == 2)
        #expect(taken.json["images"] as? Int == 2)
        let list = try server.request("GET", server.listTarget).body
        let detail = try server.request("GET", server.detailTarget(first)).body

        let third = try server.createAny()
        #expect(third == second + 1)
        #expect(try server.request("GET", server.listTarget).body != list, "the list is cached and must move on")
        let restored = try server.admin("POST", "/__admin/snapshots/before/restore")
        #expect(restored.status == 200, "\(restored.text)")
        #expect((restored.json["database"] as? [String: Any])?["products"] as? Int == 2)
        #expect(try server.request("GET", server.listTarget).body == list)
        #expect(try server.request("GET", server.detailTarget(first)).body == detail)
        #expect(try server.request("GET", server.detailTarget(third)).status == 404)
        #expect(try server.createAny() == third, "the id counter is as it was at the snapshot")

        // A snapshot is kept after a restore, so the same state can be had again.
        _ = try server.admin("POST", "/__admin/snapshots/before/restore")
        #expect(try server.request("GET", server.listTarget).body == list)
    }

    @Test("the list shows each snapshot and the memory they take; a deleted one is gone")
    func listAndDelete() throws {
        let server = try LiveServer.withAdmin(.v2b)
        #expect(try server.admin("GET", "/__admin/snapshots").text == #"{"snapshots":[],"byteCount":0,"byteLimit":536870912}"#)
        _ = try server.createAny()
        for name in ["a", "b.2"] {
            #expect(try server.admin("POST", "/__admin/snapshots", body: Array(#"{"name":"\#(name)"}"#.utf8)).status == 201)
        }
        let listed = try server.admin("GET", "/__admin/snapshots")
        #expect(listed.keyOrder.first == "snapshots")
        #expect(listed.keyOrder.suffix(7) == ["name", "createdAt", "products", "images", "byteCount", "byteCount", "byteLimit"])
        let snapshots = listed.json["snapshots"] as? [[String: Any]] ?? []
        #expect(snapshots.map { $0["name"] as? String } == ["a", "b.2"])
        let sizes = snapshots.compactMap { $0["byteCount"] as? Int }
        #expect(listed.json["byteCount"] as? Int == sizes.reduce(0, +))
        #expect((snapshots.first?["createdAt"] as? String)?.hasSuffix("Z") == true)

        #expect(try server.admin("DELETE", "/__admin/snapshots/a").status == 204)
        let after = try server.admin("GET", "/__admin/snapshots").json["snapshots"] as? [[String: Any]] ?? []
        #expect(after.map { $0["name"] as? String } == ["b.2"])
        #expect(try server.admin("POST", "/__admin/snapshots/a/restore").status == 404)
    }

    @Test("the journal and the faults are not part of a snapshot: a restore leaves them as they are")
    func journalAndFaultsStay() throws {
        let server = try LiveServer.withAdmin(.v2b)
        _ = try server.admin("POST", "/__admin/snapshots", body: Array(#"{"name":"empty"}"#.utf8))
        _ = try server.createAny()
        let fault = #"{"path": "/nowhere", "action": "drop"}"#
        #expect(try server.admin("POST", "/__admin/faults", body: Array(fault.utf8)).status == 201)
        let restored = try server.admin("POST", "/__admin/snapshots/empty/restore")
        #expect((restored.json["journal"] as? [String: Any])?["entries"] as? Int == 1)
        #expect(restored.json["activeFaults"] as? Int == 1)
        #expect((restored.json["database"] as? [String: Any])?["products"] as? Int == 0)
    }

    @Test("lists read during restores show one snapshot or the other, never a mix")
    func restoreIsAtomicForReaders() throws {
        let server = try LiveServer.withAdmin(.v1b)
        _ = try server.createAny()
        _ = try server.admin("POST", "/__admin/snapshots", body: Array(#"{"name":"one"}"#.utf8))
        for _ in 0..<4 { _ = try server.createAny() }
        _ = try server.admin("POST", "/__admin/snapshots", body: Array(#"{"name":"five"}"#.utf8))
        let port = server.port
        let listTarget = server.listTarget
        let deadline = ContinuousClock.now + .seconds(20)
        let failures = LockedList()
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            do {
                for round in 0..<40 where ContinuousClock.now < deadline {
                    if worker == 0 {
                        let name = round % 2 == 0 ? "one" : "five"
                        let restore = try RawHTTPConnection(port: port).request("POST", "/__admin/snapshots/\(name)/restore")
                        if restore.status != 200 { failures.append("restore answered \(restore.status)") }
                        continue
                    }
                    let list = try RawHTTPConnection(port: port).request("GET", listTarget)
                    let count = (list.json["items"] as? [Any])?.count ?? -1
                    if ![1, 5].contains(count) { failures.append("a reader saw \(count) products") }
                }
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures.items.isEmpty, "\(failures.items.prefix(3))")
    }
}

extension SnapshotTests {
    @Test("a name taken already is a 409 that keeps the first snapshot; a name freed by a delete can be taken again")
    func duplicateNames() throws {
        let server = try LiveServer.withAdmin(.v2a)
        let body = Array(#"{"name":"same"}"#.utf8)
        let first = try server.admin("POST", "/__admin/snapshots", body: body)
        _ = try server.createAny()
        let again = try server.admin("POST", "/__admin/snapshots", body: body)
        #expect(again.status == 409)
        #expect((again.json["error"] as? String)?.contains("exists already") == true)
        let kept = try server.admin("GET", "/__admin/snapshots").json["snapshots"] as? [[String: Any]] ?? []
        #expect(kept.map { $0["products"] as? Int } == [first.json["products"] as? Int])
        #expect(try server.admin("DELETE", "/__admin/snapshots/same").status == 204)
        #expect(try server.admin("POST", "/__admin/snapshots", body: body).json["products"] as? Int == 1)
    }
}
