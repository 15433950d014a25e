import Foundation
import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketAdminPlane
import OpenMarketClient
import OpenMarketStore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real v2b server on an ephemeral loopback port with a temporary SQLite file, and the clients of it one test
/// needs. ``MarketContractTests`` holds one per test.
final class ContractMarket {
    let server: LiveServer
    let baseURL: URL
    /// Shared by every client and raw request of the test; ephemeral so nothing is cached between calls.
    let session: URLSession

    /// 2024-02-06T16:00:00Z, when it is already 01:00 on 2024-02-07 in Seoul: dates that follow UTC show.
    static let seoulMorning = 1_707_235_200.0

    init() throws {
        server = try LiveServer(.v2b, now: Self.seoulMorning, admin: AdminSettings())
        guard let url = URL(string: "http://127.0.0.1:\(server.port)") else {
            throw URLError(.badURL)
        }
        baseURL = url
        let configuration = URLSessionConfiguration.ephemeral
        // Every wait is bounded: a hung server fails the test instead of stalling the target. Generous, because the
        // whole suite shares two cores here with servers and child processes of its own (5 s was once too short, and
        // 30 s once, with a Docker image building beside the suite).
        configuration.timeoutIntervalForRequest = 120
        configuration.timeoutIntervalForResource = 180
        session = URLSession(configuration: server.sessionConfiguration(base: configuration))
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// A client writing as `vendor`, or a read-only one for `nil`.
    func client(_ vendor: VendorConfiguration?) -> OpenMarketClient {
        client(credentials: vendor.map { VendorCredentials(identifier: $0.identifier, secret: $0.secret) })
    }

    func client(credentials: VendorCredentials?) -> OpenMarketClient {
        OpenMarketClient(configuration: OpenMarketConfiguration(baseURL: baseURL, credentials: credentials), session: session)
    }

    /// The client of the vendor that owns the products the tests create.
    var owner: OpenMarketClient { client(LiveServer.vendorA) }

    /// A configured vendor that owns none of them.
    var otherVendor: OpenMarketClient { client(LiveServer.vendorB) }

    var reader: OpenMarketClient { client(nil) }

    /// Fetches a URL the server handed out (an image), the way an app's image loader would.
    func fetch(_ url: URL) async throws -> (status: Int, body: Data, contentType: String?) {
        let (body, response) = try await session.data(from: url)
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, body, http?.value(forHTTPHeaderField: "Content-Type"))
    }

    /// Sends a create request whose body the client cannot produce, on the same base URL and session as the
    /// client, and reads the refusal with the client's own error type.
    func rawCreate(body: Data, contentType: String) async throws -> HTTPStatusFailure {
        var request = URLRequest(url: baseURL.appendingPathComponent("api/products"))
        request.httpMethod = "POST"
        request.setValue(LiveServer.vendorA.identifier, forHTTPHeaderField: "identifier")
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        let (data, response) = try await session.data(for: request)
        return HTTPStatusFailure(statusCode: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
    }
}
