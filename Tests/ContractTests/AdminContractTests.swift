import Foundation
import OpenMarketClient
import Testing

/// The client's admin calls against the real server's /__admin: the JSON each side reads is the one the other writes.
extension MarketContractTests {
    @Test("health counts what the API stored, and reset empties the store and the journal")
    func healthAndReset() async throws {
        _ = try await market.owner.createProducts(2)
        let admin = market.owner.admin
        let before = try await admin.health()
        #expect(before.generation == "v2b")
        #expect(before.database.products == 2)
        #expect(before.database.images == 2)
        #expect(before.database.isWritable)
        #expect(before.journal.entries == 2)

        let after = try await admin.reset()
        #expect(after.database.products == 0)
        #expect(after.journal.entries == 0)
        let page = try await market.owner.productPage()
        #expect(page?.totalCount == 0)
        let created = try await market.owner.createProduct(.sample())
        #expect(created.id == 1, "ids start again after a reset")
    }

    @Test("the journal lists what the client sent, shows a multipart create part by part, and clears")
    func journal() async throws {
        let created = try await market.owner.createProduct(.sample())
        await #expect(throws: OpenMarketError.self) { _ = try await market.owner.productDetail(id: 4242) }
        let admin = market.owner.admin

        let all = try await admin.requests()
        #expect(all.total == 2)
        #expect(all.requests.map(\.status) == [404, 201])
        let refusals = try await admin.requests(JournalFilter(status: .hundreds(4)))
        #expect(refusals.requests.map(\.target) == ["/api/products/4242"])
        #expect(refusals.requests.first?.error?.isEmpty == false)

        let createEntry = try await admin.request(id: all.requests[1].id)
        #expect(createEntry.request.line == "POST /api/products HTTP/1.1")
        let reading = try #require(createEntry.request.multipart)
        #expect(reading.rejection == nil)
        #expect(reading.parts.map(\.name) == ["params", "images"])
        #expect(reading.parts.last?.sniffedContentType == "image/png")
        let responseBody = try await admin.responseBody(id: all.requests[1].id)
        let echoed = try JSONSerialization.jsonObject(with: responseBody) as? [String: Any]
        #expect(echoed?["id"] as? Int == created.id)

        let har = try JSONSerialization.jsonObject(with: try await admin.har()) as? [String: Any]
        let log = har?["log"] as? [String: Any]
        #expect(log?["version"] as? String == "1.2")
        #expect((log?["entries"] as? [Any])?.count == 2)

        try await admin.clearRequests()
        #expect(try await admin.requests().total == 0)
    }

    @Test("bad input to the admin API is a typed refusal carrying the server's message")
    func refusal() async throws {
        await #expect {
            _ = try await market.owner.admin.request(id: 999)
        } throws: { error in
            guard case .adminRefused(let failure) = error as? OpenMarketError else { return false }
            return failure.statusCode == 404 && !failure.message.isEmpty
        }
    }
}

extension MarketContractTests {
    @Test("a fault the client adds comes back as it was sent, catches its request and goes after its times")
    func faults() async throws {
        let admin = market.owner.admin
        let rule = FaultRule(
            method: "GET", path: "/api/products/*", action: .respond, status: 503, body: "try later",
            headers: ["Retry-After": "5"], times: 1)
        let added = try await admin.addFault(rule)
        #expect(added.rule.path == rule.path)
        #expect(added.rule.headers == ["Retry-After": "5"])
        #expect(try await admin.faults().map(\.id) == [added.id])

        await #expect {
            _ = try await market.owner.productDetail(id: 1)
        } throws: { error in
            guard case .httpStatus(let failure) = error as? OpenMarketError else { return false }
            return failure.statusCode == 503
        }
        #expect(try await admin.faults().isEmpty, "times 1: gone after catching one request")

        let dropped = try await admin.addFault(FaultRule(path: "/api/products", action: .drop))
        await #expect(throws: OpenMarketError.self) { _ = try await market.owner.productPage() }
        try await admin.removeFault(id: dropped.id)
        #expect(try await market.owner.productPage() != nil)
        try await admin.removeAllFaults()
    }

    @Test("latency the client sets delays the next API answer, and 0...0 turns it off")
    func latency() async throws {
        let admin = market.owner.admin
        try await admin.setLatency(milliseconds: 300...300)
        let clock = ContinuousClock()
        let delayed = try await clock.measure { _ = try await market.owner.productPage() }
        #expect(delayed >= .milliseconds(300))
        try await admin.setLatency(milliseconds: 0...0)
        let health = try await admin.health()
        #expect(health.activeFaults == 0)
    }
}

extension MarketContractTests {
    @Test("insert sends exact products the server stores as given, and a refusal is adminRefused with its reason")
    func insertExactProducts() async throws {
        let admin = market.owner.admin
        let created = Date(timeIntervalSince1970: 1_641_168_000.5)
        let ids = try await admin.insert([
            SeedProduct(
                id: 392, name: "MacBook", description: "M1", price: 1_690_000, discountedPrice: 90_000, stock: 2,
                images: [Uploads.png.data], createdAt: created),
            SeedProduct(name: "Mug", price: 9, currency: "USD", images: [Uploads.png.data]),
        ])
        #expect(ids == [392, 393])
        let detail = try await market.owner.productDetail(id: 392)
        #expect(detail.product.name == "MacBook")
        #expect(detail.product.bargainPrice == 1_600_000)
        #expect(detail.images.count == 1)
        let refusal = await #expect(throws: OpenMarketError.self) {
            try await admin.insert([SeedProduct(id: 392, name: "again", price: 1, images: [Uploads.png.data])])
        }
        guard case .adminRefused(let failure)? = refusal else {
            Issue.record("a taken id must be an admin refusal, got \(String(describing: refusal))")
            return
        }
        #expect(failure.statusCode == 409)
        #expect(failure.message.contains("id 392 is taken"))
    }
}
