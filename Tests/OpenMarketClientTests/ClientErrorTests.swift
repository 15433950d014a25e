import Foundation
import OpenMarketClient
import OpenMarketTestFixtures
import Testing

/// How failures reach the app: transport, unexpected status with the server's message, bad bodies.
@Suite struct ClientErrorTests {
    @Test func errorStatusExposesTheServerMessage() async throws {
        let body = #"{"code":404,"message":"No product has id 5"}"#
        let server = StubServer(.json(404, body))
        let failure = try #require(await caughtError { try await server.client().productDetail(id: 5) }?.httpStatusFailure)
        #expect(failure.statusCode == 404)
        #expect(failure.message == "No product has id 5")
        #expect(failure.body == Data(body.utf8))
    }

    @Test("every generation's error body gives its message", arguments: [
        #"{"code":404,"message":"no product has the id 5"}"#, #"{"error":true,"reason":"no product has the id 5"}"#,
        #"{"message":"no product has the id 5"}"#,
    ])
    func errorBodiesOfEveryGeneration(body: String) {
        let failure = HTTPStatusFailure(statusCode: 404, body: Data(body.utf8))
        #expect(failure.message == "no product has the id 5")
    }

    @Test func errorStatusWithoutJSONBodyHasNoMessage() async throws {
        let server = StubServer(.json(502, "<html>Bad Gateway</html>"))
        let failure = try #require(await caughtError { try await server.client().healthCheck() }?.httpStatusFailure)
        #expect(failure.statusCode == 502)
        #expect(failure.message == nil)
    }

    @Test(arguments: [200, 202]) func createRejectsASuccessStatusOtherThan201(status: Int) async throws {
        let server = StubServer(.json(status, "{}"))
        let product = NewProduct(name: "n", description: "d", price: 1, currency: .krw, images: [])
        let failure = try #require(await caughtError { try await server.client().createProduct(product) }?.httpStatusFailure)
        #expect(failure.statusCode == status)
    }

    @Test func patchRejectsA200() async throws {
        let server = StubServer(.json(200, "{}"))
        let failure = try #require(await caughtError { try await server.client().updateProduct(id: 1, changes: ProductChanges()) }?.httpStatusFailure)
        #expect(failure.statusCode == 200)
    }

    @Test func transportFailureIsReportedAsTransport() async throws {
        let server = StubServer(.failure(URLError(.timedOut)))
        let underlying = try #require(await caughtError { try await server.client().productDetail(id: 1) }?.transportError)
        #expect((underlying as? URLError)?.code == .timedOut)
    }

    @Test func wrongValueTypeNamesItsKeyPath() async throws {
        let server = StubServer(.json(200, try pageWithSecondProduct(price: #""cheap""#)))
        #expect(await decodingFailure { try await server.client().productPage() }?.keyPath == "pages[1].price")
    }

    @Test func missingKeyIsPartOfTheKeyPath() async throws {
        let server = StubServer(.json(200, try pageWithSecondProduct(price: nil)))
        #expect(await decodingFailure { try await server.client().productPage() }?.keyPath == "pages[1].price")
    }

    @Test func unknownCurrencyNamesItsKeyPath() async throws {
        let json = try String(decoding: Fixtures.data("v2b-product-2456.captured.json"), as: UTF8.self)
            .replacingOccurrences(of: #""currency":"KRW""#, with: #""currency":"JPY""#)
        let server = StubServer(.json(200, json))
        let failure = await decodingFailure { try await server.client().productDetail(id: 2456) }
        #expect(failure?.keyPath == "currency")
    }

    @Test func badNestedDateNamesItsKeyPath() async throws {
        let json = try String(decoding: Fixtures.data("v2b-product-2456.captured.json"), as: UTF8.self)
            .replacingOccurrences(of: #""issued_at":"2024-02-07T00:00:00"\#n        },{"#, with: #""issued_at":"soon"},{"#)
        let server = StubServer(.json(200, json))
        let failure = await decodingFailure { try await server.client().productDetail(id: 2456) }
        #expect(failure?.keyPath == "images[0].issued_at")
        #expect(failure?.reason.contains("soon") == true)
    }

    @Test func bodyThatIsNotJSONIsATopLevelDecodingFailure() async throws {
        let server = StubServer(.json(200, "OK"))
        #expect(await decodingFailure { try await server.client().healthCheck() }?.keyPath == "")
    }

    @Test(arguments: ["\"/api/products/abc\"", "https://elsewhere.test/api/products/abc", "/", "", "/api/products/a b", "/a%2"])
    func deletionPathThatIsNotAPlainPathIsADecodingFailure(body: String) async throws {
        let server = StubServer(.json(200, body))
        #expect(await decodingFailure { try await server.client().deleteProduct(id: 1) } != nil)
        #expect(server.requests.count == 1)
    }

    @Test func deletingAtARelativePathIsAnInvalidRequest() async throws {
        let server = StubServer()
        #expect(await caughtError { try await server.client().deleteProduct(atPath: "api/products/x") }?.isInvalidRequest == true)
        #expect(server.requests.isEmpty)
    }

    @Test func nonFinitePriceIsAnInvalidRequest() async throws {
        let server = StubServer()
        #expect(await caughtError { try await server.client().updateProduct(id: 1, changes: ProductChanges(price: .nan)) }?.isInvalidRequest == true)
        #expect(server.requests.isEmpty)
    }

    @Test func lineBreakInTheIdentifierIsAnInvalidRequest() async throws {
        let server = StubServer()
        let client = server.client(credentials: VendorCredentials(identifier: "id\r\nX-Injected: 1", secret: "s"))
        #expect(await caughtError { try await client.deleteProduct(atPath: "/api/products/x") }?.isInvalidRequest == true)
        #expect(server.requests.isEmpty)
    }

    private func decodingFailure(_ call: () async throws -> some Any) async -> DecodingFailure? {
        await caughtError(call)?.decodingFailure
    }

    /// The captured v2b page with its second product's price replaced, or removed for `nil`.
    private func pageWithSecondProduct(price: String?) throws -> String {
        let text = try String(decoding: Fixtures.data("v2b-products-page2.captured.json"), as: UTF8.self)
        let original = #""price":6.6666666E7,"#
        #expect(text.contains(original))
        return text.replacingOccurrences(of: original, with: price.map { #""price":\#($0),"# } ?? "")
    }
}
