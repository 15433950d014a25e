import Foundation
import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketAdminPlane
import OpenMarketHTTPTestSupport
import OpenMarketStore

/// A class of three teams on a real server over a socket, and what a student does: sign in, send as a team.
struct ClassServer {
    static let roster = "name,team\n김민수,해오름\n이지은,해오름\n박서준\n\"Choi, Yuna\",달빛\n"

    let server: LiveServer
    /// From `/__admin/class?secrets=true`, in roster order.
    let teams: [(name: String, identifier: String, secret: String)]

    init(
        _ generation: Generation = .v2b, roster: String = ClassServer.roster, journal: Int = 1000,
        journalBodyBytes: Int = AdminSettings.defaultJournalBodyBytes, folder: TemporaryDirectory? = nil,
        host: String = "127.0.0.1"
    ) throws {
        server = try LiveServer(
            generation, folder: folder, admin: AdminSettings(journalCapacity: journal, journalBodyBytes: journalBodyBytes),
            host: host, transport: .socket,
            classRoster: try ClassRoster(bytes: Array(roster.utf8)))
        let view = try server.request("GET", "/__admin/class?secrets=true").json
        teams = (view["teams"] as? [[String: Any]] ?? []).map {
            ($0["name"] as? String ?? "", $0["identifier"] as? String ?? "", $0["secret"] as? String ?? "")
        }
    }

    static func basic(_ user: String, _ password: String) -> (String, String) {
        ("Authorization", "Basic " + Data("\(user):\(password)".utf8).base64EncodedString())
    }

    /// A team's own view, signed in with its credentials from `address`.
    func me(_ team: Int, _ target: String = "/__admin/me", method: String = "GET", from address: String = "127.0.0.1")
        throws -> RawResponse
    {
        try RawHTTPConnection(port: server.port, clientAddress: address)
            .request(method, target, headers: [Self.basic(teams[team].identifier, teams[team].secret)])
    }

    /// An API request as a team's app sends it: with its identifier header, or without one.
    func send(
        _ method: String, _ target: String, team: Int?, from address: String = "127.0.0.1",
        headers: [(String, String)] = [], body: [UInt8] = []
    ) throws -> RawResponse {
        let identifier = team.map { [("identifier", teams[$0].identifier)] } ?? []
        return try RawHTTPConnection(port: server.port, clientAddress: address)
            .request(method, target, headers: identifier + headers, body: body)
    }

    /// A product registered by a team, with its own credentials.
    func createProduct(team: Int, name: String) throws -> Int {
        let vendor = VendorConfiguration(name: teams[team].name, identifier: teams[team].identifier, secret: teams[team].secret)
        return try server.createdProductID(vendor: vendor, params: LiveServer.params(name: name, secret: teams[team].secret))
    }

    func requestTargets(_ me: RawResponse) -> [String] {
        (me.json["requests"] as? [[String: Any]] ?? []).compactMap { $0["target"] as? String }
    }
}
