import OpenMarketHTTPTestSupport
import OpenMarketStore
import Testing

@Suite("Ids, generations and vendors")
struct IdentityTests {
    @Test func productAndImageIdsAreNeverReusedAfterDeleteOrRestart() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("ids.sqlite")
        var store = try MarketStore(path: path)
        let first = try store.createProduct(Fixture.product("1"), images: [Fixture.image("1")])
        let second = try store.createProduct(Fixture.product("2"), images: [Fixture.image("2")])
        _ = try store.deleteProduct(id: second.id)
        let third = try store.createProduct(Fixture.product("3"), images: [Fixture.image("3")])
        #expect(third.id == second.id + 1)
        #expect(third.images[0].id == second.images[0].id + 1)

        _ = try store.deleteProduct(id: third.id)
        store = try MarketStore(path: path)
        let fourth = try store.createProduct(Fixture.product("4"), images: [Fixture.image("4")])
        #expect(fourth.id == third.id + 1)
        #expect(fourth.images[0].id == third.images[0].id + 1)
        #expect(try store.product(id: first.id) == first)
    }

    @Test func theFirstClaimedGenerationSticksAcrossRestarts() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("generation.sqlite")
        try MarketStore(path: path).claimGeneration("v2b")
        let store = try MarketStore(path: path)
        try store.claimGeneration("v2b")
        let error = #expect(throws: StoreError.self) { try store.claimGeneration("v1a") }
        #expect(error == .generationMismatch(stored: "v2b", requested: "v1a"))
        #expect(error?.description.contains("v2b") == true)
        #expect(error?.description.contains("v1a") == true)
    }

    @Test func vendorsKeepTheirIdsAndTakeNewNamesAndSecrets() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("vendors.sqlite")
        let first = try MarketStore(path: path).upsertVendors(Fixture.vendors, now: 100)
        #expect(first.map(\.id) == [1, 2])
        #expect(first.map(\.createdAt) == [100, 100])

        let store = try MarketStore(path: path)
        let reordered = [
            VendorConfiguration(name: "kyo-renamed", identifier: "id-kyo12", secret: "new-secret"),
            VendorConfiguration(name: "newcomer", identifier: "id-new", secret: "s"),
            Fixture.vendors[0],
        ]
        let second = try store.upsertVendors(reordered, now: 200)
        #expect(second == [
            Vendor(id: 2, name: "kyo-renamed", identifier: "id-kyo12", secret: "new-secret", createdAt: 100),
            Vendor(id: 3, name: "newcomer", identifier: "id-new", secret: "s", createdAt: 200),
            Vendor(id: 1, name: "zhilly", identifier: "id-zhilly", secret: "secret-zhilly", createdAt: 100),
        ])
        #expect(try store.vendor(identifier: "id-kyo12") == second[0])
        #expect(try store.vendor(identifier: "nobody") == nil)
    }

    @Test func aVendorLeftOutOfTheConfigurationIsRetiredButKeepsItsProductsAndItsId() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("retired.sqlite")
        let store = try MarketStore(path: path)
        let vendors = try store.upsertVendors(Fixture.vendors, now: 0)
        let created = try store.createProduct(Fixture.product("kept", vendorID: vendors[0].id), images: [Fixture.image("k")])

        _ = try MarketStore(path: path).upsertVendors([Fixture.vendors[1]], now: 0)
        let restarted = try MarketStore(path: path)
        #expect(try restarted.vendor(identifier: vendors[0].identifier) == nil)
        #expect(try restarted.vendor(identifier: vendors[1].identifier)?.id == vendors[1].id)
        #expect(try restarted.product(id: created.id)?.vendorName == vendors[0].name)

        let back = try restarted.upsertVendors(Fixture.vendors, now: 50)
        #expect(back.map(\.id) == vendors.map(\.id))
        #expect(try restarted.vendor(identifier: vendors[0].identifier) == vendors[0])
    }

    @Test func aProductShowsItsVendorsCurrentName() throws {
        let store = try MarketStore(path: ":memory:")
        let vendor = try #require(try store.upsertVendors(Fixture.vendors, now: 0).first)
        let created = try store.createProduct(Fixture.product("p", vendorID: vendor.id), images: [Fixture.image("p")])
        _ = try store.upsertVendors([VendorConfiguration(name: "제인", identifier: vendor.identifier, secret: "x")], now: 0)
        #expect(try store.product(id: created.id)?.vendorName == "제인")
    }

    @Test func aVendorIdentifierConfiguredTwiceIsRefused() throws {
        let store = try MarketStore(path: ":memory:")
        let twice = [Fixture.vendors[0], VendorConfiguration(name: "other", identifier: "id-zhilly", secret: "s")]
        #expect(throws: StoreError.duplicateVendorIdentifier("id-zhilly")) { try store.upsertVendors(twice, now: 0) }
        #expect(try store.vendor(identifier: "id-zhilly") == nil)
    }
}
