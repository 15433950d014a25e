import Dispatch
import Foundation
import OpenMarketAPI
import OpenMarketAdminPlane
import OpenMarketEmulatorCore
import OpenMarketHTTPCore
import OpenMarketHTTPTestSupport
import OpenMarketStore
import Testing

/// A team's own reset holds the admin plane's reset gate alone, as the server's reset does: an API request in flight
/// sees the team's products wholly before the reset, and the reset waits for it.
@Suite struct TeamResetGateTests {
    @Test func aTeamsResetWaitsForTheAPIRequestsInFlight() throws {
        let roster = try ClassRoster(bytes: Array("name,team\n김민수,해오름\n".utf8))
        let emulator = try Emulator(EmulatorOptions(generation: .v2b, classRoster: roster))
        let admin = try #require(emulator.admin)
        let team = try #require(emulator.classTeams.first).account
        try createProduct(for: team, through: emulator, admin: admin)
        let identifier = team.identifier
        #expect(try emulator.store.productIDs(vendorIdentifier: identifier).count == 1)

        let resetDone = DispatchSemaphore(value: 0)
        var productsSeenInFlight: [Int]?
        let resetStatus = LockedList()
        let list = Request(method: .get, path: "/api/products", query: "page_no=1&items_per_page=10")
        _ = admin.respond(to: list) { request in
            // Inside the API request, holding the gate shared: the team resets from another thread.
            DispatchQueue.global().async {
                let credentials = Data("\(identifier):\(team.secret)".utf8).base64EncodedString()
                let reset = Request(
                    method: .post, path: "/__admin/me/reset",
                    headers: HTTPHeaders([("Authorization", "Basic \(credentials)")]), clientAddress: "127.0.0.1")
                resetStatus.append("\(admin.respond(to: reset) { _ in Response(status: .notFound) }.status.code)")
                resetDone.signal()
            }
            // Without the gate the reset would be done well within this; with it, it cannot start.
            let finishedMeanwhile = resetDone.wait(timeout: .now() + .milliseconds(500)) == .success
            productsSeenInFlight = [(try? emulator.store.productIDs(vendorIdentifier: identifier).count) ?? -1,
                                    finishedMeanwhile ? 1 : 0]
            return emulator.router.respond(to: request)
        }
        #expect(productsSeenInFlight == [1, 0], "[products while in flight, reset finished meanwhile]")
        #expect(resetDone.wait(timeout: .now() + .seconds(30)) == .success)
        #expect(resetStatus.items == ["200"])
        #expect(try emulator.store.productIDs(vendorIdentifier: identifier).isEmpty)
    }

    private func createProduct(for team: VendorConfiguration, through emulator: Emulator, admin: AdminPlane) throws {
        let boundary = "GateTest"
        let params = #"{"name":"연필","description":"수업","price":1200,"currency":"KRW","stock":1,"secret":"\#(team.secret)"}"#
        var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"params\"\r\n".utf8)
        body += Array("Content-Type: application/json\r\n\r\n\(params)\r\n--\(boundary)\r\n".utf8)
        body += Array("Content-Disposition: form-data; name=\"images\"; filename=\"a.png\"\r\nContent-Type: image/png\r\n\r\n".utf8)
        body += SampleImages.png + Array("\r\n--\(boundary)--\r\n".utf8)
        let create = Request(
            method: .post, path: "/api/products",
            headers: HTTPHeaders([
                ("identifier", team.identifier), ("Content-Type", "multipart/form-data; boundary=\(boundary)"),
            ]),
            body: body, clientAddress: "127.0.0.1")
        let answer = admin.respond(to: create) { emulator.router.respond(to: $0) }
        #expect(answer.status.code == 201, "\(String(decoding: answer.body, as: UTF8.self))")
    }
}
