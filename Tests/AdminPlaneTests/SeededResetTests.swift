import Foundation
import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketAdminPlane
import OpenMarketHTTPCore
import OpenMarketHTTPServer
import OpenMarketHTTPTestSupport
import OpenMarketStore
import Testing

/// A reset with a seed step, as `--seed` will supply: the seed is written in several transactions, yet no request
/// sees the store between the emptying and the last seeded product.
@Suite struct SeededResetTests {
    static let seedCount = 5

    /// Deterministic, one product per transaction, as a seed loader that calls the store's public API would be.
    @Sendable static func seed(_ store: MarketStore) throws {
        for number in 1...seedCount {
            let product = NewProduct(
                vendorID: nil,
                fields: ProductFields(
                    name: "seed \(number)", description: "seeded", price: 1000, currency: "KRW", discountedPrice: nil,
                    stock: 1),
                registeredAt: LiveServer.fixedNow, password: "camp1234", productSecret: nil)
            let image = NewImage(
                bytes: SampleImages.png, mediaType: "image/png", fileExtension: "png",
                originKey: "images/seed-\(number).png", thumbnailKey: "thumbnails/seed-\(number).png")
            _ = try store.createProduct(product, images: [image])
            usleep(500)  // Widens the window a reset without its gate would show.
        }
    }

    private final class SeededServer: @unchecked Sendable {
        let folder: TemporaryDirectory
        let server: HTTPServer

        init() throws {
            folder = try TemporaryDirectory()
            let store = try MarketStore(path: folder.path("seeded.sqlite"))
            try store.claimGeneration(Generation.v1b.name)
            try SeededResetTests.seed(store)
            let context = APIContext(
                store: store, clock: MarketClock(fixedAt: LiveServer.fixedNow), strict: false, publicURL: nil)
            server = try HTTPServer(
                configuration: ServerConfiguration(port: 0, threads: 4),
                router: Generation.v1b.makeRouter(context: context),
                interceptor: AdminPlane(
                    settings: AdminSettings(), generation: .v1b, context: context, store: store, pace: NetworkPace(),
                    reseed: SeededResetTests.seed))
        }

        deinit { server.stop() }

        func request(_ method: String, _ target: String) throws -> RawResponse {
            try RawHTTPConnection(port: server.port).request(method, target)
        }
    }

    @Test("readers during resets see the whole seed, never part of it; the seeded answers come back byte for byte")
    func seededResetIsAtomic() throws {
        let server = try SeededServer()
        let freshList = try server.request("GET", "/items/1").text
        let freshDetail = try server.request("GET", "/item/3").text
        let failures = LockedList()
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            do {
                for _ in 0..<(worker == 0 ? 10 : 60) {
                    if worker == 0 {
                        _ = try server.request("POST", "/__admin/reset")
                        continue
                    }
                    let items = try server.request("GET", "/items/1").json["items"] as? [[String: Any]] ?? []
                    if items.count != Self.seedCount { failures.append("a reader saw \(items.count) products") }
                }
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures.items.isEmpty, "\(failures.items.prefix(3))")
        #expect(try server.request("GET", "/items/1").text == freshList)
        #expect(try server.request("GET", "/item/3").text == freshDetail)
    }
}
