import Foundation
import OpenMarketClient
import Testing

/// `sentRequests`, `waitForSentRequest` and the network calls against the real server's /__admin.
extension MarketContractTests {
    @Test("what the client sent comes back part by part, with its identifier, and a wait finds it")
    func sentRequests() async throws {
        _ = try await market.owner.createProduct(.sample(name: "머그컵"))
        let admin = market.owner.admin
        let post = try await admin.waitForSentRequest(JournalFilter(method: "POST"), timeout: .seconds(2))
        struct Params: Decodable { let name: String }
        #expect(try post.part(named: "params")?.decode(Params.self).name == "머그컵")
        #expect(post.part(named: "images")?.detectedType == "image/png")
        #expect(post.header("identifier") != nil)
        #expect(post.status == 201 && post.bodyIsComplete)
        #expect(post.explanation.contains("ACCEPTED by v2b"))
        #expect(try await admin.sentRequests().map(\.method) == ["POST"])
    }

    @Test("setNetwork and network read back each profile")
    func network() async throws {
        let admin = market.owner.admin
        for conditions in [NetworkConditions.edge, .threeG, .lte, .dsl, .wifi, .veryBadNetwork, .unlimited] {
            try await admin.setNetwork(conditions)
            #expect(try await admin.network() == conditions)
        }
    }
}
