import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketAdminPlane
import OpenMarketHTTPTestSupport
import Testing

/// A browser on another machine: the page's files are admin routes like any other (control-plane access rules),
/// refused without the token and served with it.
@Suite struct AdminPageNetworkTests {
    static let token = "page-admin-token"

    @Test(.enabled(if: MachineAddress.nonLoopbackIPv4 != nil, "this machine has no non-loopback IPv4 address to connect from"))
    func pageAndItsCallsNeedTheTokenFromAnotherMachine() throws {
        let address = try #require(MachineAddress.nonLoopbackIPv4)
        let server = try LiveServer(.v2b, admin: AdminSettings(token: Self.token), host: "0.0.0.0")
        let connection = { try RawHTTPConnection(port: server.port, host: address) }
        let bearer = [("Authorization", "Bearer \(Self.token)")]
        for target in ["/__admin/", "/__admin/page.js", "/__admin/page.css", "/__admin/favicon.svg",
                       "/__admin/requests?after=0", "/__admin/products", "/__admin/health"] {
            let refused = try connection().request("GET", target)
            #expect(refused.status == 403, "\(target)")
            #expect(refused.text.contains("--admin-token"), "\(target)")
            #expect(try connection().request("GET", target, headers: bearer).status == 200, "\(target)")
        }
    }
}
