import OpenMarketHTTPCore

/// Who may use `/__admin`: anyone on this machine, and others only with the admin token.
struct AdminAccess: Sendable {
    let token: String?

    func check(_ request: Request) throws(AdminError) {
        if Self.isLoopback(request.clientAddress) { return }
        guard let token else {
            throw AdminError(
                .forbidden,
                "the admin API only answers requests from this machine; to allow others, start the server with "
                    + "--admin-token TOKEN (or OPENMARKET_ADMIN_TOKEN) and send Authorization: Bearer TOKEN")
        }
        guard let presented = Self.bearerToken(request.headers["Authorization"]),
            Self.constantTimeEquals(presented, token)
        else {
            throw AdminError(
                .forbidden,
                "this request comes from another machine and carries no valid admin token; send "
                    + "Authorization: Bearer TOKEN with the token the server was started with (--admin-token)")
        }
    }

    /// 127.0.0.0/8, ::1, and IPv4 loopback mapped into IPv6 (a server bound to `::` sees IPv4 peers that way).
    static func isLoopback(_ address: String) -> Bool {
        let unmapped = address.hasPrefix("::ffff:") ? String(address.dropFirst(7)) : address
        return unmapped == "::1" || unmapped.hasPrefix("127.")
    }

    private static func bearerToken(_ authorization: String?) -> String? {
        guard let authorization, authorization.count > 7,
            authorization.prefix(7).lowercased() == "bearer "
        else { return nil }
        return String(authorization.dropFirst(7))
    }

    /// Takes as long for a wrong token as for a right one of the same length, so timing tells nothing of it.
    static func constantTimeEquals(_ presented: String, _ expected: String) -> Bool {
        let left = Array(presented.utf8)
        let right = Array(expected.utf8)
        var difference = UInt8(truncatingIfNeeded: left.count ^ right.count)
        for index in right.indices {
            difference |= right[index] ^ (index < left.count ? left[index] : 0)
        }
        return difference == 0
    }
}
