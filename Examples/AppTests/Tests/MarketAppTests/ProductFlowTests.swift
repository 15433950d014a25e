import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarketApp
import OpenMarketEmulator
import Testing

/// Swift Testing runs these in parallel; each makes its own emulator, so none sees another's products, faults or
/// latency although all of them talk to https://openmarket.yagom-academy.kr.
@Suite struct ProductFlowTests {
    let emulator: OpenMarketEmulator
    let manager: MarketNetworkManager

    init() throws {
        emulator = try OpenMarketEmulator(.init(generation: .v2b))
        manager = MarketNetworkManager(
            session: URLSession(configuration: emulator.sessionConfiguration()),
            identifier: "demo-vendor-identifier", secret: "demo-vendor-secret")
    }

    @Test("a registered product is listed first, with its image on the same host", arguments: 1...8)
    func register(number: Int) async throws {
        let params = ProductParams(name: "상품 \(number)", description: "설명", price: 1000, secret: "demo-vendor-secret")
        let product = try await manager.registerProduct(params, images: [OpenMarketEmulator.samplePNG(number)])
        // The request went to https://, and image URLs keep the scheme and host the app used, as the real server did.
        #expect(product.thumbnail.hasPrefix("https://openmarket.yagom-academy.kr/"))
        let list = try await withCheckedThrowingContinuation { continuation in
            manager.fetchProductList(pageNo: 1, itemsPerPage: 20) { continuation.resume(with: $0) }
        }
        #expect(list.totalCount == 1, "only this test's product, in this test's emulator")
        #expect(list.pages.first?.name == "상품 \(number)")
    }

    @Test("a changed stock is what the detail shows")
    func updateStock() async throws {
        let params = ProductParams(name: "재고", description: "d", price: 10, stock: 1, secret: "demo-vendor-secret")
        let product = try await manager.registerProduct(params, images: [OpenMarketEmulator.sampleJPEG()])
        _ = try await manager.updateStock(id: product.id, stock: 9)
        #expect(try await manager.productDetail(id: product.id).stock == 9)
    }

    @Test("products and a vendor given at creation reach the app as its own Product and Vendor")
    func productsGivenAtCreation() async throws {
        let shop = OpenMarketEmulator.Vendor(identifier: "shop-identifier", secret: "shop-secret")
        let macBook: SeedProduct = SeedProduct(
            id: 392, name: "MacBook Pro", price: 1_690_000, images: [OpenMarketEmulator.sampleJPEG()])
        let emulator = try OpenMarketEmulator(.init(generation: .v2b, vendors: [shop], products: [macBook]))
        let manager = MarketNetworkManager(
            session: URLSession(configuration: emulator.sessionConfiguration()),
            identifier: shop.identifier, secret: shop.secret)
        let product: Product = try await manager.productDetail(id: 392)
        let vendor: Vendor? = product.vendors
        #expect(product.name == "MacBook Pro")
        #expect(vendor?.name == "shop-identifier", "a vendor given no name is shown by its identifier")
        let sent: SentRequest = try await emulator.client.admin.waitForSentRequest(timeout: .seconds(5))
        #expect(sent.path == "/api/products/392")
    }

    @Test("a dropped connection reaches the app as a lost connection")
    func droppedConnection() async throws {
        _ = try await emulator.client.admin.addFault(.init(path: "/api/products/*", action: .drop, times: 1))
        await #expect(throws: NetworkError.transport(.networkConnectionLost)) {
            _ = try await manager.productDetail(id: 1)
        }
    }

    @Test("a missing product is the server's 404 with its message")
    func missing() async throws {
        do {
            _ = try await manager.productDetail(id: 404)
            Issue.record("expected a 404")
        } catch {
            guard case .status(404, let message) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(message != nil)
        }
    }
}
