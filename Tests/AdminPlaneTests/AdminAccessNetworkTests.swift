import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketAdminPlane
import OpenMarketHTTPTestSupport
import Testing

/// Access for real: the server bound to every address, reached through this machine's own non-loopback address,
/// so the peer it sees is not loopback.
@Suite struct AdminAccessNetworkTests {
    static let token = "s3cret-admin-token"

    static var networkAddress: String? { MachineAddress.nonLoopbackIPv4 }

    private func server(token: String?) throws -> LiveServer {
        try LiveServer(.v2b, admin: AdminSettings(token: token), host: "0.0.0.0")
    }

    @Test(.enabled(if: networkAddress != nil, "this machine has no non-loopback IPv4 address to connect from"))
    func anotherMachineIsRefusedWithoutAToken() throws {
        let address = try #require(Self.networkAddress)
        let server = try server(token: nil)
        let refused = try RawHTTPConnection(port: server.port, host: address).request("GET", "/__admin/health")
        #expect(refused.status == 403)
        #expect((refused.json["error"] as? String)?.contains("--admin-token") == true)
        // The API itself stays open to the network, and a loopback peer may use the admin API.
        #expect(try RawHTTPConnection(port: server.port, host: address).request("GET", "/healthChecker").status == 200)
        #expect(try server.request("GET", "/__admin/health").status == 200)
    }

    @Test(.enabled(if: networkAddress != nil, "this machine has no non-loopback IPv4 address to connect from"))
    func anotherMachineNeedsTheRightToken() throws {
        let address = try #require(Self.networkAddress)
        let server = try server(token: Self.token)
        let connection = { try RawHTTPConnection(port: server.port, host: address) }
        #expect(try connection().request("POST", "/__admin/reset").status == 403)
        let wrong = try connection().request("POST", "/__admin/reset", headers: [("Authorization", "Bearer nope-nope-nope")])
        #expect(wrong.status == 403)
        let right = try connection().request("GET", "/__admin/health", headers: [("Authorization", "Bearer \(Self.token)")])
        #expect(right.status == 200)
        #expect(right.json["generation"] as? String == "v2b")
    }

    @Test(.enabled(if: networkAddress != nil, "this machine has no non-loopback IPv4 address to connect from"))
    func theJournalKeepsThePeerAndNeverTheToken() throws {
        let address = try #require(Self.networkAddress)
        let server = try server(token: Self.token)
        _ = try RawHTTPConnection(port: server.port, host: address)
            .request("GET", "/healthChecker", headers: [("Authorization", "Bearer \(Self.token)")])
        let detail = try server.request("GET", "/__admin/requests/1")
        #expect(detail.json["clientAddress"] as? String == address)
        #expect(!detail.text.contains(Self.token))
        #expect(!(try server.request("GET", "/__admin/requests.har").text.contains(Self.token)))
    }
}
