import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketClient
import OpenMarketEmulator
import OpenMarketHTTPTestSupport
import XCTest

/// `VerificationTests`' checks as an XCTest suite writes them.
final class VerificationXCTests: XCTestCase {
    private var emulator: OpenMarketEmulator!
    private var app: CourseAppNetworking!
    private let productPosts = JournalFilter(method: "POST", path: "/api/products")
    private let mug = CourseAppNetworking.ProductDraft(
        name: "Mug", description: "A blue mug", price: 12_000, currency: "KRW", stock: 5, secret: "demo-vendor-secret")
    private let photos = [Data(SampleImages.jpeg(size: 20_000)), Data(SampleImages.jpeg(size: 30_000, seed: 9))]

    override func setUpWithError() throws {
        emulator = try OpenMarketEmulator(.init(generation: .v2b))
        app = CourseAppNetworking(
            session: URLSession(configuration: emulator.sessionConfiguration()), baseURL: emulator.baseURL,
            identifier: "demo-vendor-identifier")
    }

    func testTheAppPostsTheProductWithBothPhotos() async throws {
        try await app.register(mug, images: photos)

        let post = try await emulator.client.admin.waitForSentRequest(productPosts, timeout: .seconds(10))
        let params = try XCTUnwrap(post.part(named: "params")).decode(CourseAppNetworking.ProductDraft.self)
        XCTAssertEqual([params.name, params.currency], ["Mug", "KRW"])
        XCTAssertEqual(post.parts(named: "images").map(\.detectedType), ["image/jpeg", "image/jpeg"])
        XCTAssertEqual(post.parts(named: "images").map(\.data.count), [20_004, 30_004])
        XCTAssertEqual(post.header("identifier"), "demo-vendor-identifier")
        XCTAssertEqual(post.status, 201, post.explanation)
        let posts = try await emulator.client.admin.sentRequests(productPosts)
        XCTAssertEqual(posts.count, 1, "no second POST")
    }

    func testABrokenBodyIsRefusedAndExplained() async throws {
        app.boundaryIsComputedTwice = true
        try await app.register(mug, images: photos)

        let post = try await emulator.client.admin.waitForSentRequest(productPosts, timeout: .seconds(10))
        XCTAssertEqual(post.status, 400, post.explanation)
        XCTAssertTrue(post.explanation.contains("fix: the Content-Type names boundary"), post.explanation)
    }
}
