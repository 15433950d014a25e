import Foundation
import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketAdminPlane
import OpenMarketClient
import OpenMarketHTTPTestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Two students' apps, the project's own client with the credentials of their handouts, on one class server: each
/// registers and edits as its team, and each team's own view lists its writes and none of the other's.
@Suite struct ClassClientTests {
    @Test func twoTeamsAppsWorkWithTheirOwnCredentials() async throws {
        let server = try LiveServer(
            .v2b, admin: AdminSettings(), transport: .socket,
            classRoster: try ClassRoster(bytes: Array("김민수,해오름\n박서준,달빛\n".utf8)))
        let teams = try server.request("GET", "/__admin/class?secrets=true").json["teams"] as? [[String: Any]] ?? []
        let credentials = teams.map {
            VendorCredentials(identifier: $0["identifier"] as? String ?? "", secret: $0["secret"] as? String ?? "")
        }
        let baseURL = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let apps = credentials.map {
            OpenMarketClient(configuration: OpenMarketConfiguration(baseURL: baseURL, credentials: $0), session: session)
        }
        var created: [Int] = []
        for (app, name) in zip(apps, ["해오름 연필", "달빛 공책"]) {
            let detail = try await app.createProduct(NewProduct(
                name: name, description: "수업 중 등록", price: 1200, currency: .krw, stock: 3, images: [Uploads.png]))
            #expect(detail.vendor.name == (name.hasPrefix("해오름") ? "해오름" : "달빛"))
            _ = try await app.updateProduct(id: detail.product.id, changes: ProductChanges(stock: 5))
            created.append(detail.product.id)
        }
        // One team cannot edit the other's product with its own credentials: refused, as the real server did.
        await #expect(throws: OpenMarketError.self) {
            _ = try await apps[0].updateProduct(id: created[1], changes: ProductChanges(stock: 0))
        }
        for (index, team) in credentials.enumerated() {
            let me = try RawHTTPConnection(port: server.port).request("GET", "/__admin/me", headers: [
                ("Authorization", "Basic " + Data("\(team.identifier):\(team.secret)".utf8).base64EncodedString()),
            ])
            let writes = (me.json["requests"] as? [[String: Any]] ?? []).filter { $0["method"] as? String != "GET" }
            #expect(writes.contains { $0["target"] as? String == "/api/products/\(created[index])" }, "\(me.text)")
            // The refused edit is the sender's (team 0's identifier), never shown to the team it aimed at.
            let refusedEdits = writes.filter { ($0["status"] as? Int ?? 0) >= 400 }.compactMap { $0["target"] as? String }
            #expect(refusedEdits == (index == 0 ? ["/api/products/\(created[1])"] : []), "\(me.text)")
            let products = (me.json["products"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
            #expect(products == [created[index]])
        }
    }
}
