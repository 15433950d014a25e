import APITestSupport
import AdminPlane
import HTTPTestSupport
import Testing

/// A phone on the LAN: the page's files load without the token (a browser cannot send one when it navigates, and
/// they hold no data); everything the page then asks for needs it.
@Suite struct AdminPageNetworkTests {
    static let token = "page-admin-token"

    @Test(.enabled(if: MachineAddress.nonLoopbackIPv4 != nil, "this machine has no non-loopback IPv4 address to connect from"))
    func pageLoadsAndItsCallsNeedTheToken() throws {
        let address = try #require(MachineAddress.nonLoopbackIPv4)
        let server = try LiveServer(.v2b, admin: AdminSettings(token: Self.token), host: "0.0.0.0")
        let connection = { try RawHTTPConnection(port: server.port, host: address) }
        for target in ["/__admin/", "/__admin/page.js", "/__admin/page.css", "/__admin/favicon.svg"] {
            #expect(try connection().request("GET", target).status == 200, "\(target)")
        }
        for target in ["/__admin/requests?after=0", "/__admin/products", "/__admin/health"] {
            #expect(try connection().request("GET", target).status == 403, "\(target)")
            let allowed = try connection().request("GET", target, headers: [("Authorization", "Bearer \(Self.token)")])
            #expect(allowed.status == 200, "\(target)")
        }
        // Only GET of the page's own files is open: anything else under their paths is checked as usual.
        #expect(try connection().request("POST", "/__admin/").status == 403)
    }
}
