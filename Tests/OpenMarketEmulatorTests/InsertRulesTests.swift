import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketHTTPTestSupport
import OpenMarketClient
import OpenMarketEmulator
import Testing

/// `insert` takes what the generation's API takes and refuses what it refuses, with the API's own message, unless a
/// test allows it; what the real server accepted (a negative price, a discount above the price) stays accepted.
@Suite("Inserting holds products to the API's rules")
struct InsertRulesTests {
    private static let png = OpenMarketEmulator.samplePNG()

    /// A product the API refuses, as a create the app sends and as a `SeedProduct`.
    struct Refused: Sendable, CustomTestStringConvertible {
        let generation: OpenMarketEmulator.Generation
        var strict = false
        let product: SeedProduct
        var images: [Data] = [png]

        var testDescription: String { "\(generation) \(strict ? "strict " : "")\(product.name)" }
    }

    static let refused: [Refused] = [
        Refused(generation: .v1b, product: SeedProduct(title: "fraction", price: 10.5, password: "pw", images: [png])),
        Refused(
            generation: .v1a,
            product: SeedProduct(title: "too large", price: 1, discountedPrice: 9_007_199_254_740_994, password: "pw", images: [png])),
        Refused(generation: .v1a, product: SeedProduct(title: "no currency", price: 1, currency: "", password: "pw", images: [png])),
        Refused(generation: .v2b, product: SeedProduct(name: "euro", price: 1, currency: "EUR", images: [png])),
        Refused(generation: .v2a, strict: true, product: SeedProduct(name: "ab", description: "ten letters", price: 1, images: [png])),
        Refused(
            generation: .v2b, strict: true,
            product: SeedProduct(name: "dear", description: "ten letters", price: 1000, discountedPrice: 2000, images: [png])),
        Refused(
            generation: .v1b, strict: true,
            product: SeedProduct(title: "heavy", descriptions: "ten letters", price: 1, password: "pw", images: [png]),
            images: [Data(SampleImages.jpeg(size: 310_000))]),
    ]

    @Test("insert refuses with the message the API's create answers, and inserts it when the test allows it", arguments: refused)
    func refusedAsTheAPIRefuses(_ refused: Refused) async throws {
        let market = try EmulatorSession(.init(generation: refused.generation, strict: refused.strict))
        var product = refused.product
        product.images = refused.images
        let (body, response) = try await market.send(Self.create(product, on: refused.generation))
        #expect(response.statusCode == 400, "\(String(decoding: body, as: UTF8.self))")
        let message = try #require((body.json["message"] ?? body.json["reason"]) as? String)

        let error = try #require(throws: OpenMarketEmulator.SetupError.self) { try market.emulator.insert([product]) }
        #expect(error.description.hasPrefix("product 0 (\"\(product.name)\"): \(message) (the API refuses that;"), "\(error)")
        #expect(try await market.emulator.client.admin.health().database.products == 0)

        let ids = try market.emulator.insert([product], allowingWhatTheAPIRefuses: true)
        #expect(ids == [1])
    }

    @Test("what the real server accepted is inserted: a negative price, a discount above the price, a negative stock")
    func acceptedAsTheAPIAccepts() async throws {
        for generation in OpenMarketEmulator.Generation.allCases {
            let market = try EmulatorSession(.init(generation: generation))
            var product = SeedProduct(name: "odd", price: -100, discountedPrice: 300, stock: -2, images: [Self.png])
            product.password = generation.rawValue.hasPrefix("v1") ? "pw" : nil
            let (body, response) = try await market.send(Self.create(product, on: generation))
            #expect(response.statusCode < 300, "\(generation) API: \(String(decoding: body, as: UTF8.self))")
            #expect(try market.emulator.insert([product]) == [2], "\(generation)")
        }
    }

    @Test("a v1 price with a fraction that a test allows is served as v1 served every price: whole")
    func allowedFractionOnV1() async throws {
        let market = try EmulatorSession(.init(generation: .v1b))
        let item = SeedProduct(title: "fraction", price: 10.5, password: "pw", images: [Self.png])
        try market.emulator.insert([item], allowingWhatTheAPIRefuses: true)
        let (detail, _) = try await market.send(URLRequest(url: market.url("/item/1", host: OpenMarketEmulator.Generation.v1b.host)))
        #expect(detail.json["price"] as? Int == 10)
    }

    /// The create an app sends for `product`: v2's multipart `params` and `images` with the demo vendor's
    /// credentials, or v1's text fields and `images`.
    static func create(_ product: SeedProduct, on generation: OpenMarketEmulator.Generation) throws -> URLRequest {
        var form = MultipartBuilder()
        let path: String
        var request: URLRequest
        if generation.rawValue.hasPrefix("v1") {
            path = "/item"
            form.addField("title", product.title)
            form.addField("descriptions", product.descriptions)
            form.addField("price", Self.text(product.price))
            form.addField("currency", product.currency)
            form.addField("stock", String(product.stock))
            if product.discountedPrice != 0 {
                form.addField("discounted_price", Self.text(product.discountedPrice))
            }
            form.addField("password", try #require(product.password))
            request = URLRequest(url: URL(string: "https://\(generation.host)\(path)")!)
        } else {
            path = "/api/products"
            let params: [String: Any] = [
                "name": product.name, "description": product.description, "descriptions": product.description,
                "price": product.price, "currency": product.currency, "discounted_price": product.discountedPrice,
                "stock": product.stock, "secret": "demo-vendor-secret",
            ]
            form.addField("params", String(decoding: try JSONSerialization.data(withJSONObject: params), as: UTF8.self))
            request = URLRequest(url: URL(string: "https://\(generation.host)\(path)")!)
            request.setValue("demo-vendor-identifier", forHTTPHeaderField: "identifier")
        }
        for (position, image) in product.images.enumerated() {
            form.addFile("images", filename: "\(position).jpg", contentType: "image/jpeg", data: Array(image))
        }
        request.httpMethod = "POST"
        request.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(form.finished())
        return request
    }

    /// An amount as an app types it: whole ones without a fraction.
    private static func text(_ amount: Double) -> String {
        amount.rounded() == amount && amount.magnitude < 1e18 ? String(Int64(amount)) : "\(amount)"
    }
}
