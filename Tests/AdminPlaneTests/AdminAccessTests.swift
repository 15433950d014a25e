import Testing

@testable import OpenMarketAdminPlane
import OpenMarketHTTPCore

@Suite struct AdminAccessTests {
    @Test func loopbackAddressesAreThisMachine() {
        #expect(AdminAccess.isLoopback("127.0.0.1"))
        #expect(AdminAccess.isLoopback("127.8.9.10"))
        #expect(AdminAccess.isLoopback("::1"))
        #expect(AdminAccess.isLoopback("::ffff:127.0.0.1"))
        #expect(!AdminAccess.isLoopback("192.0.2.2"))
        #expect(!AdminAccess.isLoopback("::ffff:192.0.2.2"))
        #expect(!AdminAccess.isLoopback(""))
        #expect(!AdminAccess.isLoopback("1127.0.0.1"))
    }

    @Test func tokensCompareWhole() {
        #expect(AdminAccess.constantTimeEquals("secret-token", "secret-token"))
        #expect(!AdminAccess.constantTimeEquals("secret-toke", "secret-token"))
        #expect(!AdminAccess.constantTimeEquals("secret-token!", "secret-token"))
        #expect(!AdminAccess.constantTimeEquals("", "secret-token"))
        #expect(!AdminAccess.constantTimeEquals("secret-tokem", "secret-token"))
    }

    @Test func adminPathsIgnoreExtraSlashes() {
        #expect(ControlPlanePath.contains("/__admin/health"))
        #expect(ControlPlanePath.contains("//__admin//health/"))
        #expect(ControlPlanePath.contains("/__admin"))
        #expect(!ControlPlanePath.contains("/__administrator"))
        #expect(!ControlPlanePath.contains("/api/__admin"))
        #expect(ControlPlanePath.contains("__admin/faults"))
        #expect(ControlPlanePath.contains("///__admin"))
        for path in ["", "/", "//", "/__admi", "/__admin_", "/__Admin", "/x/__admin", "/__admin%2F"] {
            #expect(!ControlPlanePath.contains(path), "\(path)")
        }
    }
}
