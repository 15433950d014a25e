import Foundation
import OpenMarketAPITestSupport
import OpenMarketClient
import OpenMarketTestFixtures
import Testing

/// The client tests already decode every v2 sample in Tests/Fixtures with the client's models
/// (`SampleDecodingTests.decodesEveryV2Sample` and the value checks beside it). What only a live server can add:
/// feeding the captured products' inputs through the client to the emulator gives back the captured values.
extension MarketContractTests {
    /// What a client sends for a product, and the bargain price the server derives from it.
    private static func sentValues(_ product: Product) -> (sent: NewProduct, bargainPrice: Double) {
        (resending(product, images: []), product.bargainPrice)
    }

    private static func capture<Value: Decodable>(_ type: Value.Type, _ name: String) throws -> Value {
        try JSONDecoder().decode(type, from: Fixtures.data(name))
    }

    private static func resending(_ product: Product, images: [ImageUpload]) -> NewProduct {
        NewProduct(
            name: product.name, description: product.description, price: product.price, currency: product.currency,
            discountedPrice: product.discountedPrice, stock: product.stock, images: images)
    }

    @Test("the captured detail's product, created again, comes back with the captured values")
    func capturedDetailRoundTrips() async throws {
        let captured = try Self.capture(ProductDetail.self, "v2b-product-2456.captured.json")
        let images = captured.images.map {
            ImageUpload(data: Uploads.png.data, filename: $0.url.lastPathComponent, mediaType: "image/png")
        }
        let created = try await market.owner.createProduct(Self.resending(captured.product, images: images))
        #expect(Self.sentValues(created.product) == Self.sentValues(captured.product))
        // The server's clock is fixed on the capture's day, and vendor A has the capture's vendor name.
        #expect(created.createdAt == captured.createdAt)
        #expect(created.images.map(\.issuedAt) == captured.images.map(\.issuedAt))
        #expect(created.vendor.name == captured.vendor.name)
        #expect(created.images.map(\.url.pathExtension) == captured.images.map(\.url.pathExtension))
    }

    @Test("the captured page's products, created again, list with the captured values in the captured order")
    func capturedPageRoundTrips() async throws {
        let captured = try Self.capture(ProductPage.self, "v2b-products-page2.captured.json")
        for item in captured.products.reversed() {
            _ = try await market.owner.createProduct(Self.resending(item.product, images: [Uploads.png]))
        }
        let page = try #require(try await market.reader.productPage(itemsPerPage: captured.itemsPerPage))
        try #require(page.products.count == captured.products.count)
        for (listed, original) in zip(page.products, captured.products) {
            #expect(Self.sentValues(listed.product) == Self.sentValues(original.product), "\(original.id)")
        }
    }
}
