import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketClient
import OpenMarketEmulator
import Testing

/// A suite of 100 tests as an app's would be: each makes its own emulator with the demo catalogue and a session,
/// creates a product, reads the list and the detail. Swift Testing runs them in parallel; run.sh times the run.
@Test(arguments: 0..<100)
func appTest(number: Int) async throws {
    let emulator = try OpenMarketEmulator(.init(generation: .v2b, seed: .demo))
    let client = emulator.client
    let created = try await client.createProduct(
        .init(
            name: "test \(number)", description: "d", price: 1000, currency: .krw,
            images: [.init(data: png, filename: "p.png", mediaType: "image/png")]))
    let page = try await client.productPage(number: 1, itemsPerPage: 20)
    #expect(page?.products.first?.id == created.id)
    #expect(try await client.productDetail(id: created.id).name == "test \(number)")
}

private let png = Data(
    base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==")!
