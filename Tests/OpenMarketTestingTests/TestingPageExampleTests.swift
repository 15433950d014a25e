// The examples of "A clean state per test" in docs/testing-an-app.md, compiled and run as they are printed there.
import Foundation
import OpenMarketClient
import OpenMarketHTTPTestSupport
import OpenMarketTesting
import Testing
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct CartTests {
    @Test func aNewProductIsListedFirst() async throws {
        try await OpenMarketServer.with(.init(generation: .v2b, seed: .demo, binary: try pageBinary())) { server in
            let before = try #require(try await server.client.productPage())
            #expect(before.totalCount >= 50)

            let mug = try await server.client.createProduct(NewProduct(
                name: "Mug", description: "A blue mug", price: 12_000, currency: .krw, stock: 5,
                images: [ImageUpload(data: pngData, filename: "mug.png", mediaType: "image/png")]))
            let after = try #require(try await server.client.productPage())
            #expect(after.products.first?.id == mug.id)
            #expect(after.totalCount == before.totalCount + 1)
        }  // the server is stopped here, whether the body passed, failed or threw
    }

    @Test func aV1ServerStartsEmpty() async throws {
        let options = OpenMarketServer.Options(
            generation: .v1a, binary: try pageBinary())  // v1 has no vendors, each product its password
        try await OpenMarketServer.with(options) { server in
            // server.baseURL is e.g. http://127.0.0.1:53122: hand it to the code under test.
            let url = server.baseURL.appendingPathComponent("items/1")
            let (body, _) = try await URLSession.shared.data(from: url)
            #expect(String(decoding: body, as: UTF8.self).contains(#""items":[]"#))
        }
    }
}

final class CartXCTests: XCTestCase {
    var server: OpenMarketServer!

    override func setUp() async throws {
        server = try await OpenMarketServer.start(.init(seed: .demo, binary: try pageBinary()))
        addTeardownBlock { [server] in server?.stop() }
    }

    func testDemoShopHasProducts() async throws {
        let page = try await server.client.productPage()
        XCTAssertGreaterThanOrEqual(page?.totalCount ?? 0, 50)
    }
}

/// The page's tests find the binary through OPENMARKET_BINARY; here it is this package's own build.
private func pageBinary() throws -> URL {
    try builtExecutable(named: "openmarket")
}

private let pngData = Data(SampleImages.png)
