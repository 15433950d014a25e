import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketClient
import OpenMarketEmulator
import OpenMarketHTTPTestSupport
import OpenMarketStore
import Testing

/// `OpenMarketEmulator.insert`: exact products from Swift, as a course app's tests expect the live server's.
@Suite("Inserting exact products")
struct InsertTests {
    private static let png = Data(SampleImages.png)
    private static let jpeg = Data(SampleImages.jpeg(size: 600))

    @Test("v1a: item 392 with its password and two images answers an app's PATCH and DELETE")
    func v1aItem392() async throws {
        let market = try EmulatorSession(.init(generation: .v1a, seed: .demo))
        let created = Date(timeIntervalSince1970: 1_622_505_600.25)
        let ids = try market.emulator.insert([
            .init(
                id: 392, name: "MacBook Pro", description: "M1, 16GB", price: 1_690_000, discountedPrice: 1_590_000,
                stock: 3, secret: "1234", images: [Self.png, Self.jpeg], createdAt: created)
        ])
        #expect(ids == [392])
        let host = OpenMarketEmulator.Generation.v1a.host
        let (detail, response) = try await market.send(URLRequest(url: market.url("/item/392", host: host)))
        #expect(response.statusCode == 200)
        let item = detail.json
        #expect(item["title"] as? String == "MacBook Pro")
        #expect(item["descriptions"] as? String == "M1, 16GB")
        #expect(item["discounted_price"] as? Int == 1_590_000)
        #expect(item["registration_date"] as? Double == 1_622_505_600.25)
        let images = try #require(item["images"] as? [String])
        #expect(images.count == 2)
        let (picture, _) = try await market.send(URLRequest(url: try #require(URL(string: images[1]))))
        #expect(picture == Self.jpeg)

        var form = MultipartBuilder()
        form.addField("title", "MacBook Pro 14")
        form.addField("password", "1234")
        var patch = URLRequest(url: market.url("/item/392", host: host))
        patch.httpMethod = "PATCH"
        patch.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
        patch.httpBody = Data(form.finished())
        let (patched, patchResponse) = try await market.send(patch)
        #expect(patchResponse.statusCode == 200, "\(String(decoding: patched, as: UTF8.self))")
        #expect(patched.json["title"] as? String == "MacBook Pro 14")

        var delete = URLRequest(url: market.url("/item/392", host: host))
        delete.httpMethod = "DELETE"
        delete.setValue("application/json", forHTTPHeaderField: "Content-Type")
        delete.httpBody = Data(#"{"password":"1234"}"#.utf8)
        let (deleted, deleteResponse) = try await market.send(delete)
        #expect(deleteResponse.statusCode == 200, "\(String(decoding: deleted, as: UTF8.self))")
        let (_, gone) = try await market.send(URLRequest(url: market.url("/item/392", host: host)))
        #expect(gone.statusCode == 404)
    }

    @Test("v2a: a product's own secret is the one its delete takes")
    func v2aProductSecret() async throws {
        let market = try EmulatorSession(.init(generation: .v2a))
        let secret = "3f1c2a4e-5b6d-11ec-bf63-0242ac130002"
        let ids = try market.emulator.insert([
            .init(name: "first", price: 100, images: [Self.png]),
            .init(name: "with secret", price: 12_000, discountedPrice: 2_000, secret: secret, images: [Self.png]),
        ])
        #expect(ids == [1, 2])
        let host = OpenMarketEmulator.Generation.v2a.host
        var lookup = URLRequest(url: market.url("/api/products/2/secret", host: host))
        lookup.httpMethod = "POST"
        lookup.setValue("application/json", forHTTPHeaderField: "Content-Type")
        lookup.setValue("demo-vendor-identifier", forHTTPHeaderField: "identifier")
        lookup.httpBody = Data(#"{"secret":"demo-vendor-secret"}"#.utf8)
        let (answer, lookupResponse) = try await market.send(lookup)
        #expect(lookupResponse.statusCode == 200)
        #expect(String(decoding: answer, as: UTF8.self) == secret)
        var delete = URLRequest(url: market.url("/api/products/2/\(secret)", host: host))
        delete.httpMethod = "DELETE"
        delete.setValue("demo-vendor-identifier", forHTTPHeaderField: "identifier")
        let (_, deleteResponse) = try await market.send(delete)
        #expect(deleteResponse.statusCode == 200)
    }

    @Test("ids continue after the store's and each other's, vendors are the configured ones")
    func idsAndVendors() async throws {
        let vendors = [
            OpenMarketEmulator.Vendor(name: "first", identifier: "first-id", secret: "first-secret"),
            OpenMarketEmulator.Vendor(name: "second", identifier: "second-id", secret: "second-secret"),
        ]
        let market = try EmulatorSession(.init(generation: .v2b, vendors: vendors, seed: .demo))
        let before = try #require(try await market.emulator.client.admin.health().database.products)
        let ids = try market.emulator.insert([
            .init(name: "a", price: 1, images: [Self.png]),
            .init(id: 9_000, name: "b", price: 2, vendor: "second-id", images: [Self.png]),
            .init(name: "c", price: 3, images: [Self.png]),
        ])
        #expect(ids[0] == before + 1)
        #expect(ids[1] == 9_000)
        #expect(ids[2] == 9_001)
        let (b, _) = try await market.get("/api/products/9000")
        #expect((b.json["vendors"] as? [String: Any])?["name"] as? String == "second")
        let (a, _) = try await market.get("/api/products/\(ids[0])")
        #expect((a.json["vendors"] as? [String: Any])?["name"] as? String == "first")
    }

    @Test("a taken id, an unconfigured vendor, a non-picture or a v1 item without password inserts nothing")
    func refusals() async throws {
        let market = try EmulatorSession(.init(generation: .v2b, seed: .demo))
        let count = try await market.emulator.client.admin.health().database.products
        let cases: [(OpenMarketEmulator.SeedProduct, String)] = [
            (.init(id: 1, name: "taken", price: 1, images: [Self.png]), "id 1 is taken in the store"),
            (.init(name: "nobody's", price: 1, vendor: "nobody", images: [Self.png]), "vendor \"nobody\" is not configured"),
            (.init(name: "text", price: 1, images: [Data("hello".utf8)]), "image 0 (5 bytes) is not a JPEG, PNG, GIF or WebP"),
            (.init(name: "bare", price: 1, images: []), "at least one image"),
        ]
        for (bad, reason) in cases {
            let good = OpenMarketEmulator.SeedProduct(id: 5_000, name: "good", price: 1, images: [Self.png])
            let error = try #require(throws: OpenMarketEmulator.SetupError.self) { try market.emulator.insert([good, bad]) }
            #expect(error.description.contains("product 1 (\"\(bad.name)\")"), "\(error)")
            #expect(error.description.contains(reason), "\(error)")
            #expect(error.description.contains("nothing was inserted"))
        }
        let twice = try #require(throws: OpenMarketEmulator.SetupError.self) {
            try market.emulator.insert([
                .init(id: 7_000, name: "one", price: 1, images: [Self.png]),
                .init(id: 7_000, name: "two", price: 1, images: [Self.png]),
            ])
        }
        #expect(twice.description.contains("id 7000 is taken by an earlier product of this insert"))
        #expect(try await market.emulator.client.admin.health().database.products == count)
        let (_, missing) = try await market.get("/api/products/5000")
        #expect(missing.statusCode == 404)

        let v1 = try OpenMarketEmulator(.init(generation: .v1a))
        let noPassword = try #require(throws: OpenMarketEmulator.SetupError.self) {
            try v1.insert([.init(name: "item", price: 1, images: [Self.png])])
        }
        #expect(noPassword.description.contains("a v1 item needs its password"))
        let vendorOnV1 = try #require(throws: OpenMarketEmulator.SetupError.self) {
            try v1.insert([.init(name: "item", price: 1, vendor: "x", secret: "pw", images: [Self.png])])
        }
        #expect(vendorOnV1.description.contains("v1 has no vendors"))
    }
}

/// `Options(seed: .generated(count:))`: the generated catalogue in process, copied from the process's template after
/// the first.
@Suite("Generated seed in process")
struct GeneratedSeedTests {
    @Test("a generated emulator lists and searches N products; a second one is a copy with the same answers")
    func generated() async throws {
        let options = OpenMarketEmulator.Options(generation: .v2b, seed: .generated(count: 500), now: Date(timeIntervalSince1970: 1_750_000_000))
        let first = try EmulatorSession(options)
        let second = try EmulatorSession(options)
        let path = "/api/products?page_no=3&items_per_page=10&search_value=%EC%9D%98%EC%9E%90"  // 의자, a fifth
        let (firstPage, _) = try await first.get(path)
        let (secondPage, _) = try await second.get(path)
        #expect(firstPage == secondPage)
        #expect(firstPage.json["totalCount"] as? Int == 100)
        #expect(firstPage.json["lastPage"] as? Int == 10)
        let (all, _) = try await first.get("/api/products?page_no=1&items_per_page=1")
        #expect(all.json["totalCount"] as? Int == 500)
        #expect(first.emulator.seedCredentials.count == 3)
        _ = try await first.emulator.client.admin.reset()
        let (afterReset, _) = try await first.get(path)
        #expect(afterReset == firstPage, "a reset writes the same catalogue again")
    }
}
