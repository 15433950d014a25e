import Foundation
import OpenMarketEmulatorCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import OpenMarketAPI
import OpenMarketEmulator
import OpenMarketMultipart
import OpenMarketWireFormat
import Testing

/// A generation this package does not have, declared here and nowhere else: v2b's API on a host of its own, with an
/// image layout of its own and Vapor's lenient multipart ending. That it is served, seeded and explained proves that
/// a new generation is its value and an entry in `Generation.all`, with nothing that switches on names.
extension Generation {
    static let v2c = Generation(
        name: "v2c", host: "v2c.openmarket.test", dialect: Generation.v2b.dialect, errors: .spring,
        imageKeys: PerVendorImageKeys(), multipartEnding: .closeDelimiterOrLastDelimiterLine)
}

/// `v2c-images/{vendor_id}/{hex}` and `.../{hex}-thumb`.
private struct PerVendorImageKeys: ImageKeyLayout {
    let pathPrefixes = ["v2c-images"]

    func keys(ids: some ImageIDSource, vendorID: Int64?, registeredAt: Double, fileExtension: String?)
        -> (origin: String, thumbnail: String)
    {
        let name = "v2c-images/\(vendorID ?? 0)/\(ids.timeHex())"
        return (name, "\(name)-thumb")
    }
}

@Suite struct FifthGenerationTests {
    @Test("a generation declared in a test is served on its host, seeded in its image layout, and named in its health")
    func servedAndSeeded() async throws {
        let emulator = try OpenMarketEmulator(
            core: EmulatorOptions(generation: .v2c, seed: .demo), hosts: [], maxBodyBytes: 1 << 20)
        let session = URLSession(configuration: emulator.sessionConfiguration())
        #expect(emulator.baseURL.absoluteString == "https://v2c.openmarket.test")

        let (health, _) = try await session.data(from: URL(string: "https://v2c.openmarket.test/__admin/health")!)
        #expect(health.json["generation"] as? String == "v2c")

        let (pageBody, pageResponse) = try await session.data(
            from: URL(string: "https://v2c.openmarket.test/api/products?page_no=1&items_per_page=1")!)
        #expect((pageResponse as? HTTPURLResponse)?.statusCode == 200)
        let products = try #require(pageBody.json["pages"] as? [[String: Any]])
        let thumbnail = try #require(products.first?["thumbnail"] as? String)
        let vendorID = try #require(products.first?["vendor_id"] as? Int)
        #expect(URL(string: thumbnail)?.host == "v2c.openmarket.test")
        #expect(URL(string: thumbnail)?.path.hasPrefix("/v2c-images/\(vendorID)/") == true)
        #expect(thumbnail.hasSuffix("-thumb"))

        let (image, imageResponse) = try await session.data(from: URL(string: thumbnail)!)
        #expect((imageResponse as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "image/png")
        #expect(ImageSniffer.mediaType(of: Array(image)) == "image/png")
    }

    @Test("openmarket explain gives a declared generation's verdict with its own ending and advice")
    func explained() {
        let body = Array(
            """
            --B\r
            Content-Disposition: form-data; name="params"; filename="params.json"\r
            \r
            {"name":"x"}\r
            --B\r

            """.utf8)
        let explain = { (generation: Generation) in
            MultipartExplanation(
                body: body, contentType: "multipart/form-data; boundary=B", server: generation.explainingServer,
                sniff: { ImageSniffer.mediaType(of: $0) }, describeImage: { _ in nil }, colour: false)
        }
        let v2c = explain(.v2c)
        #expect(v2c.accepted)
        #expect(v2c.text.contains("v2c reads its content as the product JSON"))
        #expect(!explain(.v2b).accepted)
    }
}
