import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketClient
import OpenMarketEmulator
import Testing

/// `OpenMarketEmulator.Vendor`: a vendor a test configures, with a name or without.
@Suite("Vendors")
struct VendorTests {
    @Test("a vendor given without a name is shown by its identifier, and signs in as it")
    func vendorNamedByItsIdentifier() async throws {
        let vendor = OpenMarketEmulator.Vendor(identifier: "zhilly-identifier", secret: "zhilly-secret")
        #expect(vendor == OpenMarketEmulator.Vendor(name: "zhilly-identifier", identifier: "zhilly-identifier", secret: "zhilly-secret"))
        let market = try EmulatorSession(.init(generation: .v2b, vendors: [vendor]))
        let created = try await market.emulator.client.createProduct(
            NewProduct(
                name: "Mug", description: "white", price: 9000, currency: .krw,
                images: [ImageUpload(data: OpenMarketEmulator.sampleJPEG(), filename: "mug.jpg", mediaType: "image/jpeg")]))
        let (list, _) = try await market.get("/api/products?page_no=1&items_per_page=10")
        let first = try #require((list.json["pages"] as? [[String: Any]])?.first)
        #expect(first["vendorName"] as? String == "zhilly-identifier")
        let (detail, _) = try await market.get("/api/products/\(created.id)")
        #expect((detail.json["vendors"] as? [String: Any])?["name"] as? String == "zhilly-identifier")
    }
}
