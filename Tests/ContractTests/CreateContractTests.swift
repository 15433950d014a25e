import OpenMarketAPITestSupport
import OpenMarketClient
import OpenMarketStore
import Testing

extension MarketContractTests {
    @Test("the health check answers OK")
    func healthCheckAnswersOK() async throws {
        #expect(try await market.reader.healthCheck() == "OK")
    }

    @Test("a create answers the product with the fields sent, its images and its vendor")
    func createAnswersTheFieldsSent() async throws {
        let sent = NewProduct(
            name: "MacBook Air", description: "M2, 8GB", price: 1_290_000, currency: .usd, discountedPrice: 90_000,
            stock: 3, images: [Uploads.png, Uploads.jpeg])
        let created = try await market.owner.createProduct(sent)
        #expect(created.name == sent.name)
        #expect(created.description == sent.description)
        #expect(created.currency == sent.currency)
        #expect(created.price == sent.price)
        #expect(created.discountedPrice == sent.discountedPrice)
        #expect(created.stock == sent.stock)
        #expect(created.images.count == sent.images.count)
        #expect(created.vendor == Vendor(id: 1, name: LiveServer.vendorA.name))
        #expect(created.vendorID == created.vendor.id)
    }

    @Test("the bargain price is the price minus the discount")
    func bargainPriceIsPriceMinusDiscount() async throws {
        let created = try await market.owner.createProduct(.sample(price: 12_000, discountedPrice: 2_500))
        #expect(created.bargainPrice == 9_500)
    }

    @Test("a discount above the price is accepted and gives a negative bargain price")
    func discountAbovePriceIsAccepted() async throws {
        let created = try await market.owner.createProduct(.sample(price: 100, discountedPrice: 300))
        #expect(created.bargainPrice == -200)
    }

    @Test("the detail reads back exactly what the create answered")
    func detailReadsBackTheCreate() async throws {
        let created = try await market.owner.createProduct(.sample(images: [Uploads.png, Uploads.gif]))
        #expect(try await market.reader.productDetail(id: created.id) == created)
    }

    @Test("product and image ids count up from 1 in creation order")
    func idsCountUpInCreationOrder() async throws {
        let first = try await market.owner.createProduct(.sample(images: [Uploads.png, Uploads.jpeg]))
        let second = try await market.otherVendor.createProduct(.sample(images: [Uploads.gif]))
        #expect([first.id, second.id] == [1, 2])
        #expect((first.images + second.images).map(\.id) == [1, 2, 3])
    }

    @Test("text comes back exactly as sent: Korean, emoji, quotes, backslashes, slashes, control characters")
    func textComesBackAsSent() async throws {
        let name = "맥북 🍎 \"quoted\" \\ a/b\t"
        let description = "첫 줄\n둘째 줄\r\n\u{1}끝"
        var product = NewProduct.sample(name: name)
        product.description = description
        let created = try await market.owner.createProduct(product)
        #expect(created.name == name)
        #expect(created.description == description)
    }

    @Test(
        "prices keep their value through the server's Java-style doubles",
        arguments: [0.0001, 9.99, 6_666_666, 66_666_666, 2_222_222_222, 1_323_121_323_232])
    func pricesSurviveJavaDoubles(price: Double) async throws {
        let created = try await market.owner.createProduct(.sample(price: price, discountedPrice: 0.5))
        #expect(created.price == price)
        #expect(created.discountedPrice == 0.5)
        #expect(created.bargainPrice == price - 0.5)
    }

    @Test("created_at is the Seoul calendar day at midnight, and every issued_at equals it")
    func createdAtIsTheSeoulDay() async throws {
        let created = try await market.owner.createProduct(.sample(images: [Uploads.png, Uploads.gif]))
        let day = ServerDateTime(year: 2024, month: 2, day: 7)
        #expect(created.createdAt == day)
        #expect(created.issuedAt == day)
        #expect(created.images.map(\.issuedAt) == [day, day])
    }
}
