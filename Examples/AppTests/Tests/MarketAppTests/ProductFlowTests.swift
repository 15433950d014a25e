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
        let product = try await manager.registerProduct(params, images: [SamplePNG.data])
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
        let product = try await manager.registerProduct(params, images: [SamplePNG.data])
        _ = try await manager.updateStock(id: product.id, stock: 9)
        #expect(try await manager.productDetail(id: product.id).stock == 9)
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

/// A 1×1 PNG.
enum SamplePNG {
    static let data = Data(
        base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==")!
}
