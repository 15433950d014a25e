import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MarketApp
import OpenMarketEmulator
import XCTest

/// XCTest, as most course apps wrote their tests: each test makes its own emulator in setUp, so `swift test
/// --parallel` (or Xcode's parallel testing) can run them side by side.
final class ProductListXCTests: XCTestCase {
    private var emulator: OpenMarketEmulator!
    private var manager: MarketNetworkManager!

    override func setUpWithError() throws {
        emulator = try OpenMarketEmulator(.init(generation: .v2b, seed: .demo))
        let session = URLSession(configuration: emulator.sessionConfiguration())
        manager = MarketNetworkManager(session: session, identifier: "demo-vendor-identifier", secret: "demo-vendor-secret")
    }

    func test_fetchProductList_completionGetsTheFirstPage() {
        let fetched = expectation(description: "the list arrives")
        manager.fetchProductList(pageNo: 1, itemsPerPage: 10) { result in
            switch result {
            case .success(let list):
                XCTAssertEqual(list.pageNo, 1)
                XCTAssertEqual(list.pages.count, 10)
                XCTAssertTrue(list.hasNext)
            case .failure(let error):
                XCTFail("\(error)")
            }
            fetched.fulfill()
        }
        wait(for: [fetched], timeout: 30)
    }

    func test_fetchProductList_afterTheLastPage_failsWith204() {
        let fetched = expectation(description: "the answer arrives")
        manager.fetchProductList(pageNo: 999, itemsPerPage: 10) { result in
            if case .failure(.status(let status, _)) = result {
                XCTAssertEqual(status, 204)
            } else {
                XCTFail("expected 204, got \(result)")
            }
            fetched.fulfill()
        }
        wait(for: [fetched], timeout: 30)
    }

    func test_registerProduct_withAHandBuiltMultipartBody() async throws {
        let params = ProductParams(name: "XCTest 상품", description: "설명", price: 1500, stock: 2, secret: "demo-vendor-secret")
        let product = try await manager.registerProduct(params, images: [OpenMarketEmulator.samplePNG()])
        XCTAssertEqual(product.name, "XCTest 상품")
        XCTAssertEqual(product.images?.count, 1)
        let fetched = try await manager.productDetail(id: product.id)
        XCTAssertEqual(fetched.stock, 2)
    }

    func test_registerProduct_withAWrongSecret_isRefused() async {
        let params = ProductParams(name: "x", description: "y", price: 1, secret: "wrong")
        do {
            _ = try await manager.registerProduct(params, images: [OpenMarketEmulator.samplePNG()])
            XCTFail("a wrong secret must be refused")
        } catch {
            guard case .status(let status, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(status, 401)
        }
    }
}
