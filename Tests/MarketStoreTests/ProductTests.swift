import OpenMarketSQLite
@testable import OpenMarketStore
import Testing

@Suite("Creating and reading products")
struct ProductTests {
    @Test(arguments: Location.allCases)
    func aCreatedProductReadsBackWithItsImagesAndVendor(location: Location) throws {
        let (store, directory) = try location.makeStore()
        defer { withExtendedLifetime(directory) {} }
        let vendor = try #require(try store.upsertVendors(Fixture.vendors, now: 1_641_800_000).first)
        let new = Fixture.product("아이폰13", vendorID: vendor.id, discountedPrice: 300)
        let images = [Fixture.image("a"), Fixture.image("b", fileExtension: nil)]

        let created = try store.createProduct(new, images: images)

        #expect(created.vendorID == vendor.id)
        #expect(created.vendorName == "zhilly")
        #expect(created.vendorCreatedAt == 1_641_800_000)
        #expect(created.name == new.name)
        #expect(created.description == new.description)
        #expect(created.price == new.price)
        #expect(created.currency == new.currency)
        #expect(created.discountedPrice == 300)
        #expect(created.stock == new.stock)
        #expect(created.registeredAt == new.registeredAt)
        #expect(created.productSecret == "secret-아이폰13")
        #expect(created.password == nil)
        #expect(created.images.map(\.position) == [0, 1])
        #expect(created.images.map(\.originKey) == images.map(\.originKey))
        #expect(created.images.map(\.thumbnailKey) == images.map(\.thumbnailKey))
        #expect(created.images.map(\.fileExtension) == ["png", nil])
        #expect(created.images.map(\.byteCount) == images.map(\.bytes.count))
        #expect(created.images[0].id < created.images[1].id)
        #expect(created.thumbnailImageID == created.images[0].id)
        #expect(created.thumbnail == created.images[0])
        #expect(try store.product(id: created.id) == created)
    }

    @Test(arguments: Location.allCases)
    func imagesAreServedByteForByteAtBothKeys(location: Location) throws {
        let (store, directory) = try location.makeStore()
        defer { withExtendedLifetime(directory) {} }
        let images = [Fixture.image("first"), Fixture.image("second")]
        _ = try store.createProduct(Fixture.product("photos"), images: images)

        for image in images {
            let expected = StoredImage(bytes: image.bytes, mediaType: image.mediaType)
            #expect(try store.image(key: image.originKey) == expected)
            #expect(try store.image(key: image.thumbnailKey) == expected)
        }
        #expect(try store.image(key: "training-resources/1/20240207/unknown_origin.png") == nil)
        #expect(try store.image(key: "") == nil)
    }

    @Test func aLargeImageSurvivesTheRoundTrip() throws {
        let store = try MarketStore(path: ":memory:")
        var image = Fixture.image("large")
        image.bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }
        _ = try store.createProduct(Fixture.product("large"), images: [image])
        #expect(try store.image(key: image.originKey)?.bytes == image.bytes)
    }

    @Test func aV1ProductHasNoVendorAndKeepsAMissingDiscountMissing() throws {
        let store = try MarketStore(path: ":memory:")
        let created = try store.createProduct(Fixture.product("MacBook Pro"), images: [Fixture.image("mac")])
        let read = try #require(try store.product(id: created.id))
        #expect(read.vendorID == nil)
        #expect(read.vendorName == nil)
        #expect(read.vendorCreatedAt == nil)
        #expect(read.discountedPrice == nil)
        #expect(read.password == "v1-password")
        #expect(read.productSecret == nil)
    }

    @Test func anUnknownProductIsNil() throws {
        let store = try MarketStore(path: ":memory:")
        #expect(try store.product(id: 1) == nil)
        #expect(try store.product(id: -5) == nil)
    }

    @Test func aCreateThatFailsLeavesNothingBehind() throws {
        let store = try MarketStore(path: ":memory:")
        _ = try store.createProduct(Fixture.product("first"), images: [Fixture.image("taken")])
        let error = #expect(throws: SQLiteError.self) {
            try store.createProduct(Fixture.product("second"), images: [Fixture.image("fresh"), Fixture.image("taken")])
        }
        #expect(error?.primaryCode == SQLiteError.Code.constraint)
        #expect(try store.page(offset: 0, limit: 10, search: nil, order: .oldestFirst).totalCount == 1)
        #expect(try store.image(key: Fixture.image("fresh").originKey) == nil)
    }

    @Test func aProductOfAnUnknownVendorIsRefused() throws {
        let store = try MarketStore(path: ":memory:")
        let error = #expect(throws: SQLiteError.self) {
            try store.createProduct(Fixture.product("orphan", vendorID: 42), images: [Fixture.image("orphan")])
        }
        #expect(error?.primaryCode == SQLiteError.Code.constraint)
    }
}
