import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketClient
import OpenMarketEmulator
import OpenMarketHTTPTestSupport
import XCTest

/// The course-style layers of CourseAppLayers.swift, unchanged, each test with a fresh emulator of its own put in
/// place by `install()`. Each test makes a product the other test must not see, so whichever runs second shows
/// that the later `install()` replaced the earlier emulator. The names say which sessions are reached.
/// `install()` is process-wide; XCTest runs these one at a time (Swift Testing's InstallTests run in another
/// process of `swift test`).
final class CourseAppInstallTests: XCTestCase {
    private static let firstTestsProduct = "첫 번째 테스트의 머그"
    private static let secondTestsProduct = "두 번째 테스트의 컵"

    func test_sharedSessionSingleton_isReached_firstTestSeesOnlyItsOwnStore() async throws {
        try await assertNetworkManagerSeesOnlyAFreshStore(
            registering: Self.firstTestsProduct, notSeeing: Self.secondTestsProduct)
    }

    func test_sharedSessionSingleton_isReached_secondTestSeesOnlyItsOwnStore() async throws {
        try await assertNetworkManagerSeesOnlyAFreshStore(
            registering: Self.secondTestsProduct, notSeeing: Self.firstTestsProduct)
    }

    #if canImport(ObjectiveC)
    func test_defaultConfigurationSessionMadeAfterInstall_isReached_firstTestSeesOnlyItsOwnStore() async throws {
        try await assertProductServiceSeesOnlyAFreshStore(
            adding: Self.firstTestsProduct, notSeeing: Self.secondTestsProduct)
    }

    func test_defaultConfigurationSessionMadeAfterInstall_isReached_secondTestSeesOnlyItsOwnStore() async throws {
        try await assertProductServiceSeesOnlyAFreshStore(
            adding: Self.secondTestsProduct, notSeeing: Self.firstTestsProduct)
    }
    #else
    /// FoundationNetworking's own HTTP protocol comes first in `.default`'s `protocolClasses` and takes every http(s)
    /// request, so the installed emulator is never asked. The service is pointed at a loopback port where nothing
    /// listens (the emulator answers that host too) so that the request that goes to the network is refused there.
    func test_linux_defaultConfigurationSession_isNotReached_requestGoesToTheNetwork() async throws {
        let host = "127.0.0.1:1"
        let emulator = try installFreshEmulator(hosts: [host])

        do {
            _ = try await ProductService(baseURL: "http://\(host)").products(page: 1, itemsPerPage: 10)
            XCTFail("the .default session got an answer")
        } catch let error as URLError {
            XCTAssertEqual(error.code, .cannotConnectToHost)
        }
        let arrived = try await emulator.client.admin.requests(JournalFilter(path: "/api/products")).total
        XCTAssertEqual(arrived, 0)

        // The same URL through the shared session is the installed emulator's.
        let url = URL(string: "http://\(host)/api/products?page_no=1&items_per_page=10")!
        let (_, response) = try await URLSession.shared.data(from: url)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
        let arrivedThroughShared = try await emulator.client.admin.requests(JournalFilter(path: "/api/products")).total
        XCTAssertEqual(arrivedThroughShared, 1)
    }
    #endif

    /// A fresh demo emulator, installed until the test ends.
    private func installFreshEmulator(hosts: [String] = []) throws -> OpenMarketEmulator {
        let emulator = try OpenMarketEmulator(.init(generation: .v2b, seed: .demo, hosts: hosts))
        emulator.install()
        addTeardownBlock { emulator.uninstall() }
        return emulator
    }

    /// Lists, registers through the multipart POST, lists again and reads the detail, all through the singleton.
    private func assertNetworkManagerSeesOnlyAFreshStore(registering mine: String, notSeeing other: String) async throws {
        let emulator = try installFreshEmulator()
        #if canImport(FoundationNetworking)
        XCTAssertTrue(
            OpenMarketEmulator.installReachesSharedSession, "something used URLSession.shared before the first install()")
        #endif
        let firstPage = try await emulator.client.productPage(itemsPerPage: 100)
        let seeded = try XCTUnwrap(firstPage)
        let manager = NetworkManager.shared

        let before = try await withCheckedContinuation { done in
            manager.fetchProductList(pageNumber: 1, itemsPerPage: 100) { done.resume(returning: $0) }
        }.get()
        XCTAssertEqual(before.totalCount, seeded.totalCount)
        XCTAssertEqual(before.pages.map(\.id), seeded.products.map(\.id))
        XCTAssertFalse(before.pages.contains { $0.name == other })

        let registered = try await withCheckedContinuation { done in
            manager.registerProduct(
                name: mine, description: "설명", price: 12_000, stock: 3, image: Data(SampleImages.png)
            ) { done.resume(returning: $0) }
        }.get()
        let after = try await withCheckedContinuation { done in
            manager.fetchProductList(pageNumber: 1, itemsPerPage: 100) { done.resume(returning: $0) }
        }.get()
        XCTAssertEqual(after.totalCount, seeded.totalCount + 1)
        XCTAssertEqual(after.pages.first?.id, registered.id)
        XCTAssertEqual(after.pages.filter { $0.name == mine }.count, 1)
        XCTAssertFalse(after.pages.contains { $0.name == other })

        let detail = try await withCheckedContinuation { done in
            manager.fetchProductDetail(id: registered.id) { done.resume(returning: $0) }
        }.get()
        let stored = try await emulator.client.productDetail(id: registered.id)
        XCTAssertEqual(detail.name, mine)
        XCTAssertEqual(detail.images.map(\.url), stored.images.map(\.url.absoluteString))
        XCTAssertEqual(detail.vendors.name, stored.vendor.name)
        let posted = try await emulator.client.admin.requests(JournalFilter(method: "POST", path: "/api/products"))
        XCTAssertEqual(posted.requests.map(\.status), [201])
    }

    #if canImport(ObjectiveC)
    /// The product is added through the emulator's own client; the service, made after `install()`, must see it.
    private func assertProductServiceSeesOnlyAFreshStore(adding mine: String, notSeeing other: String) async throws {
        let emulator = try installFreshEmulator()
        let added = try await emulator.client.createProduct(.sample(name: mine))
        let service = ProductService()

        let page = try await service.products(page: 1, itemsPerPage: 100)
        XCTAssertEqual(page.pages.first?.id, added.product.id)
        XCTAssertEqual(page.pages.filter { $0.name == mine }.count, 1)
        XCTAssertFalse(page.pages.contains { $0.name == other })
        let detail = try await service.product(id: added.product.id)
        XCTAssertEqual(detail.name, mine)
        let arrived = try await emulator.client.admin.requests(JournalFilter(method: "GET", path: "/api/products"))
        XCTAssertEqual(arrived.total, 2)
    }
    #endif
}
