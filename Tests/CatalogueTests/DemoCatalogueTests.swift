import COpenMarketZlib
import Foundation
@testable import OpenMarketCatalogue
import OpenMarketStore
import Testing

/// The process's catalogue, as a server uses it: its pictures come from the disk cache when it holds them.
private let demo = DemoCatalogue.shared(for: .v2b)

@Suite("the demo catalogue")
struct DemoCatalogueTests {
    @Test("at least 50 products of at least 3 vendors, in Korean and English, KRW and USD, some discounted, some sold out")
    func variety() {
        #expect(demo.products.count >= 50)
        #expect(Set(demo.products.compactMap(\.vendor)).count >= 3)
        #expect(Set(demo.vendors.map(\.identifier)) == Set(demo.products.compactMap(\.vendor)))
        #expect(Set(demo.products.map(\.currency)) == ["KRW", "USD"])
        #expect(demo.products.contains { $0.name.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } })
        #expect(demo.products.contains { $0.name.unicodeScalars.allSatisfy(\.isASCII) })
        #expect(demo.products.filter { $0.discountedPrice != nil }.count >= 10)
        #expect(demo.products.filter { $0.stock == 0 }.count >= 5)
        #expect(demo.products.allSatisfy { $0.description.contains("\n") })
        #expect(Set(demo.products.map(\.images.count)) == Set(1...5))
    }

    @Test("every product is within the --strict rules")
    func strict() {
        for product in demo.products {
            #expect((3...100).contains(product.name.count), "\(product.name)")
            #expect((10...1000).contains(product.description.count), "\(product.name)")
            #expect((product.discountedPrice ?? 0) <= product.price, "\(product.name)")
            #expect((1...5).contains(product.images.count))
            #expect(product.images.allSatisfy { $0.bytes.count <= 300 * 1024 }, "\(product.name)")
        }
    }

    @Test("every picture is a PNG with a valid IHDR and a zlib stream that inflates to the rows it declares")
    func picturesDecode() throws {
        for image in demo.products.flatMap(\.images) {
            #expect(image.mediaType == "image/png")
            let (width, height) = try PNGInspection.size(image.bytes)
            #expect((width, height) == (400, 400))
            let rows = try PNGInspection.inflatedImageData(image.bytes)
            #expect(rows.count == (width * 3 + 1) * height)
        }
    }

    @Test("every picture differs from every other")
    func picturesDiffer() {
        let pictures = demo.products.flatMap(\.images).map(\.bytes)
        #expect(Set(pictures).count == pictures.count)
    }

    @Test("the pictures drawn now are the bytes they always were, and the shared catalogue holds the same")
    func deterministic() {
        let drawn = DemoPictures.draw()
        let flat = drawn.flatMap { $0 }
        let digest = flat.reduce(UInt(0)) { crc, picture in picture.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) } }
        // A change here changes what every demo store serves: if it is meant, bump DemoPictures.drawingVersion (the disk
        // cache is keyed on it) and pin the new digest.
        #expect((flat.count, flat.map(\.count).reduce(0, +), digest) == (162, 3_313_501, 0x3E24_8DAD))
        #expect(demo.products.map { $0.images.map(\.bytes) } == drawn)
        let again = DemoCatalogue.shared(for: .v2b)
        #expect(again.products.map(\.fields) == demo.products.map(\.fields))
        #expect(again.products.map(\.registeredAt) == demo.products.map(\.registeredAt))
    }

    @Test("a discount is the amount off on v2 and the sale price on v1, the same sale price on both")
    func discounts() {
        let v1 = DemoCatalogue.shared(for: .v1)
        for (v2Product, v1Product) in zip(demo.products, v1.products) {
            guard let amountOff = v2Product.discountedPrice else { continue }
            #expect(v2Product.price - amountOff == v1Product.discountedPrice)
            #expect(amountOff > 0)
        }
    }

    @Test("applying it to an empty store is one quick transaction; a store with products is left alone")
    func applies() throws {
        let clock = ContinuousClock()
        let store = try MarketStore(path: ":memory:")
        let vendors = try store.upsertVendors(demo.vendors, now: 0)
        let rows = demo.storeRows(
            vendorIDs: Dictionary(uniqueKeysWithValues: vendors.map { ($0.identifier, $0.id) }), generation: .v2b, now: 0)
        var applied = false
        let applyTime = try clock.measure { applied = try store.seedIfEmpty(rows) }
        print("demo catalogue: applied in \(applyTime)")
        #expect(applied)
        #expect(try store.page(offset: 0, limit: 1, search: nil, order: .newestFirst).totalCount == demo.products.count)
        #expect(try !store.seedIfEmpty(rows))
        let product = try #require(try store.product(id: 5))
        #expect(product.vendorID == vendors.first { $0.identifier == demo.products[4].vendor }?.id)
        #expect(product.images.map(\.originKey) == rows[4].images.map(\.image.originKey))
    }
}
