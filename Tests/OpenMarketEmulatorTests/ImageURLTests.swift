import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketClient
import OpenMarketEmulator
import Testing

/// In process, image URLs start with the scheme and host the app sent its request to, as the real server's did
/// (https), not with http.
@Suite struct ImageURLTests {
    private let prefix = "https://\(OpenMarketEmulator.Generation.v2b.host)/"

    @Test("an https request gets https image URLs in the list, the detail, a create and a patch")
    func https() async throws {
        let emulator = try OpenMarketEmulator(.init(generation: .v2b, seed: .demo))
        let client = emulator.client
        let page = try #require(try await client.productPage())
        #expect(!page.products.isEmpty)
        for item in page.products {
            #expect(item.product.thumbnailURL.absoluteString.hasPrefix(prefix), "\(item.product.thumbnailURL)")
        }
        let created = try await client.createProduct(.sample(name: "https pictures"))
        let detail = try await client.productDetail(id: created.product.id)
        let patched = try await client.updateProduct(id: created.product.id, changes: ProductChanges(stock: 9))
        for answer in [created, detail, patched] {
            let urls = [answer.product.thumbnailURL] + answer.images.flatMap { [$0.url, $0.thumbnailURL] }
            #expect(urls.count == 3)
            for url in urls {
                #expect(url.absoluteString.hasPrefix(prefix), "\(url)")
            }
        }
    }

    @Test("an http request to the same emulator gets http image URLs")
    func http() async throws {
        let market = try EmulatorSession(.init(generation: .v2b, seed: .demo))
        let (body, response) = try await market.send(URLRequest(url: market.url("/api/products/1", scheme: "http")))
        #expect(response.statusCode == 200)
        let thumbnail = try #require(body.json["thumbnail"] as? String)
        #expect(thumbnail.hasPrefix("http://\(OpenMarketEmulator.Generation.v2b.host)/"), "\(thumbnail)")
    }
}
