import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketClient
import OpenMarketEmulator
import Testing

/// `Options(products:)`: the products a test expects, there from the moment the emulator is made, and again after a
/// reset.
@Suite("Products given at creation")
struct StartProductsTests {
    @Test("the products follow the seed, with their ids, and a reset puts them back")
    func productsAfterTheSeed() async throws {
        let market = try EmulatorSession(.init(
            generation: .v2b, seed: .demo,
            products: [
                SeedProduct(id: 9_000, name: "Exact", price: 1_690_000, images: [OpenMarketEmulator.sampleJPEG()]),
                SeedProduct(name: "Next", price: 10, images: [OpenMarketEmulator.samplePNG()]),
            ],
            now: Date(timeIntervalSince1970: 1_700_000_000)))
        let (exact, response) = try await market.get("/api/products/9000")
        #expect(response.statusCode == 200)
        #expect(exact.json["name"] as? String == "Exact")
        let (next, _) = try await market.get("/api/products/9001")
        #expect(next.json["name"] as? String == "Next")

        try market.emulator.insert([SeedProduct(id: 8_999, name: "Later", price: 1, images: [OpenMarketEmulator.samplePNG(1)])])
        try await market.emulator.client.admin.reset()
        let (again, _) = try await market.get("/api/products/9000")
        #expect(again == exact, "a reset inserts them again, as the start did")
        let (_, later) = try await market.get("/api/products/8999")
        #expect(later.statusCode == 404, "what was inserted later is gone")
    }

    @Test("a product the emulator cannot insert makes its init throw, naming it, and nothing is made")
    func aBadProductStopsTheStart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("start-products-\(UUID())")
        let database = folder.appendingPathComponent("market.sqlite").path
        let cases: [(OpenMarketEmulator.Options, String)] = [
            (
                .init(generation: .v1b, products: [SeedProduct(title: "Pen", price: 10.5, password: "pw", images: [OpenMarketEmulator.samplePNG()])]),
                #"products: product 0 ("Pen"): "price" must be a whole number such as 1500 (v1 keeps no fractions); got "10.5""#
            ),
            (
                .init(generation: .v2b, seed: .demo, products: [SeedProduct(id: 1, name: "Taken", price: 1, images: [OpenMarketEmulator.samplePNG()])]),
                #"products: product 0 ("Taken"): id 1 is taken in the store"#
            ),
            (
                .init(generation: .v2b, products: [SeedProduct(name: "Text", price: 1, images: [Data("hello".utf8)])], database: database),
                #"products: product 0 ("Text"): image 0 (5 bytes) is not a JPEG, PNG, GIF or WebP"#
            ),
        ]
        for (options, message) in cases {
            let error = try #require(throws: OpenMarketEmulator.SetupError.self) { try OpenMarketEmulator(options) }
            #expect(error.description.hasPrefix(message), "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: database), "a product refused for itself leaves no database")
    }
}
