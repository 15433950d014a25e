import OpenMarketAPITestSupport
import OpenMarketClient
import OpenMarketStore
import Testing

/// A client call that has to prove who the vendor is.
enum WriteCall: String, CaseIterable, Sendable {
    case create, update, deletionPath
    /// `DELETE` of the path the product's owner looked up, sent with the calling client's identifier.
    case deleteAtOwnersPath

    /// Runs the call on the product `productID` of `market`'s owner.
    func run(_ client: OpenMarketClient, productID: Int, market: ContractMarket) async throws(OpenMarketError) {
        switch self {
        case .create:
            _ = try await client.createProduct(.sample())
        case .update:
            _ = try await client.updateProduct(id: productID, changes: ProductChanges(stock: 99))
        case .deletionPath:
            _ = try await client.deletionPath(forProductID: productID)
        case .deleteAtOwnersPath:
            let path = try await market.owner.deletionPath(forProductID: productID)
            _ = try await client.deleteProduct(atPath: path)
        }
    }
}

extension MarketContractTests {
    @Test(
        "a wrong secret is refused with 401 and changes nothing",
        arguments: [WriteCall.create, .update, .deletionPath])
    func wrongSecretIsRefused(call: WriteCall) async throws {
        let created = try await market.owner.createProduct(.sample())
        let impostor = market.client(
            credentials: VendorCredentials(identifier: LiveServer.vendorA.identifier, secret: "wrongsecret00000"))
        await expectRefusal(status: 401, message: "the secret is not the one of vendor \"\(LiveServer.vendorA.name)\"") {
            () async throws(OpenMarketError) in try await call.run(impostor, productID: created.id, market: market)
        }
        #expect(try await market.reader.productPage()?.products.map(\.product) == [created.product])
    }

    @Test("an identifier no vendor has is refused with 401", arguments: WriteCall.allCases)
    func unknownIdentifierIsRefused(call: WriteCall) async throws {
        let created = try await market.owner.createProduct(.sample())
        let stranger = market.client(credentials: VendorCredentials(identifier: "nobody", secret: LiveServer.vendorA.secret))
        await expectRefusal(
            status: 401, message: "no vendor has the identifier \"nobody\"; use one printed at startup or given with --vendor"
        ) { () async throws(OpenMarketError) in
            try await call.run(stranger, productID: created.id, market: market)
        }
        #expect(try await market.reader.productPage()?.products.map(\.product) == [created.product])
    }

    @Test("an empty identifier is refused as missing with 400")
    func emptyIdentifierIsRefused() async throws {
        let anonymous = market.client(credentials: VendorCredentials(identifier: "", secret: LiveServer.vendorA.secret))
        await expectRefusal(
            status: 400,
            message: "the \"identifier\" header is missing; send your vendor identifier in a header named identifier"
        ) { () async throws(OpenMarketError) in
            try await anonymous.createProduct(.sample())
        }
    }

    @Test(
        "another vendor's product is refused with 403 and stays as it was",
        arguments: [WriteCall.update, .deletionPath, .deleteAtOwnersPath])
    func anotherVendorsProductIsRefused(call: WriteCall) async throws {
        let created = try await market.owner.createProduct(.sample())
        await expectRefusal(
            status: 403,
            message: "product \(created.id) belongs to another vendor; vendor \"\(LiveServer.vendorB.name)\" "
                + "can only change its own products"
        ) { () async throws(OpenMarketError) in
            try await call.run(market.otherVendor, productID: created.id, market: market)
        }
        #expect(try await market.reader.productDetail(id: created.id) == created)
    }
}
