import Foundation
import OpenMarketClient
import Testing

/// What the client puts on the wire for each call, seen through a `URLProtocol` stub.
@Suite struct ClientRequestTests {
    private static let detailJSON = """
        {"id":7,"vendor_id":1,"name":"Mug","description":"A mug","thumbnail":"http://h/t.png","currency":"USD",
         "price":12.5,"bargain_price":10.5,"discounted_price":2.0,"stock":3,"created_at":"2024-01-02T00:00:00",
         "issued_at":"2024-01-02T00:00:00","images":[{"id":9,"url":"http://h/o.png","thumbnail_url":"http://h/t.png",
         "issued_at":"2024-01-02T00:00:00"}],"vendors":{"id":1,"name":"demo"}}
        """
    private static let emptyPageJSON = """
        {"pageNo":1,"itemsPerPage":20,"totalCount":0,"offset":0,"limit":20,"lastPage":0,"hasNext":false,"hasPrev":false,"pages":[]}
        """

    @Test func healthCheckGetsHealthCheckerAndDecodesTheJSONString() async throws {
        let server = StubServer(.json(200, #""OK""#))
        #expect(try await server.client().healthCheck() == "OK")
        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.url.absoluteString == "http://\(server.host)/healthChecker")
        #expect(request.header("identifier") == nil)
    }

    @Test func productPageSendsPageQueryWithoutCredentials() async throws {
        let server = StubServer(.json(200, Self.emptyPageJSON))
        let page = try await server.client().productPage(number: 3, itemsPerPage: 15)
        #expect(page?.totalCount == 0)
        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.url.path == "/api/products")
        #expect(request.url.query == "page_no=3&items_per_page=15")
        #expect(request.header("identifier") == nil)
        #expect(request.body.isEmpty)
    }

    @Test func productPagePercentEncodesTheSearchValue() async throws {
        let server = StubServer(.json(200, Self.emptyPageJSON))
        _ = try await server.client().productPage(searchValue: "c++ & 책=1")
        #expect(server.requests.first?.url.query
            == "page_no=1&items_per_page=20&search_value=c%2B%2B%20%26%20%EC%B1%85%3D1")
    }

    @Test func productPageAfterTheLastOneIsNil() async throws {
        let server = StubServer(.response(status: 204, body: Data()))
        #expect(try await server.client().productPage(number: 99) == nil)
    }

    @Test func productDetailGetsTheProductPath() async throws {
        let server = StubServer(.json(200, Self.detailJSON))
        let detail = try await server.client().productDetail(id: 7)
        #expect(detail.name == "Mug")
        #expect(detail.currency == .usd)
        #expect(detail.bargainPrice == 10.5)
        #expect(server.requests.map(\.method) == ["GET"])
        #expect(server.requests.first?.url.path == "/api/products/7")
    }

    @Test func baseURLPathIsKeptAsPrefix() async throws {
        let server = StubServer(.json(200, Self.detailJSON))
        _ = try await server.client(basePath: "/market/").productDetail(id: 7)
        #expect(server.requests.first?.url.path == "/market/api/products/7")
    }

    @Test func createSendsMultipartWithParamsAndOneImagesPartPerFile() async throws {
        let server = StubServer(.json(201, Self.detailJSON))
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00])
        let png = Data([0x89, 0x50, 0x4E, 0x47])
        let product = NewProduct(
            name: "Mug", description: "A mug", price: 12.5, currency: .usd, discountedPrice: 2, stock: 3,
            images: [
                ImageUpload(data: jpeg, filename: "front.jpg", mediaType: "image/jpeg"),
                ImageUpload(data: png, filename: "back.png", mediaType: "image/png"),
            ])
        let detail = try await server.client().createProduct(product)
        #expect(detail.id == 7)

        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.url.path == "/api/products")
        #expect(request.header("identifier") == "vendor-identifier")
        let boundary = try MultipartParser.boundary(fromContentType: try #require(request.header("Content-Type")))
        let parts = try MultipartParser.parse(request.body, boundary: boundary)
        #expect(parts.map(\.name) == ["params", "images", "images"])
        #expect(parts[0].contentType == "application/json")
        #expect(String(decoding: parts[0].content, as: UTF8.self) == """
            {"currency":"USD","description":"A mug","discounted_price":2,"name":"Mug","price":12.5,"secret":"vendor-secret","stock":3}
            """)
        #expect(parts[1] == ParsedPart(name: "images", filename: "front.jpg", contentType: "image/jpeg", content: jpeg))
        #expect(parts[2] == ParsedPart(name: "images", filename: "back.png", contentType: "image/png", content: png))
    }

    @Test func patchSendsOnlyTheChangedFieldsAndTheSecret() async throws {
        let server = StubServer(.json(202, Self.detailJSON))
        _ = try await server.client().updateProduct(id: 7, changes: ProductChanges(thumbnailID: 9, stock: 0))
        let request = try #require(server.requests.first)
        #expect(request.method == "PATCH")
        #expect(request.url.path == "/api/products/7")
        #expect(request.header("identifier") == "vendor-identifier")
        #expect(request.header("Content-Type") == "application/json")
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"secret":"vendor-secret","stock":0,"thumbnail_id":9}"#)
    }

    @Test func deleteLooksUpTheURIThenDeletesIt() async throws {
        let server = StubServer(.json(200, "/api/products/Ab-_9=\n"), .json(200, Self.detailJSON))
        let deleted = try await server.client().deleteProduct(id: 7)
        #expect(deleted.id == 7)

        let requests = server.requests
        #expect(requests.map(\.method) == ["POST", "DELETE"])
        #expect(requests[0].url.path == "/api/products/7/archived")
        #expect(requests[0].header("Content-Type") == "application/json")
        #expect(String(decoding: requests[0].body, as: UTF8.self) == #"{"secret":"vendor-secret"}"#)
        #expect(requests[1].url.absoluteString == "http://\(server.host)/api/products/Ab-_9=")
        #expect(requests[1].body.isEmpty)
        #expect(requests.allSatisfy { $0.header("identifier") == "vendor-identifier" })
    }

    @Test func deletePathStaysOnTheConfiguredServer() async throws {
        let server = StubServer(.json(200, Self.detailJSON))
        _ = try await server.client().deleteProduct(atPath: "//elsewhere.test/api/products/x")
        #expect(server.requests.first?.url.host == server.host)
        #expect(server.requests.first?.url.path == "//elsewhere.test/api/products/x")
    }

    @Test func writeCallsWithoutCredentialsFailBeforeSending() async throws {
        let server = StubServer()
        let client = server.client(credentials: nil)
        let errors = [
            await caughtError {
                try await client.createProduct(NewProduct(name: "n", description: "d", price: 1, currency: .krw, images: []))
            },
            await caughtError { try await client.updateProduct(id: 1, changes: ProductChanges(name: "n")) },
            await caughtError { try await client.deleteProduct(id: 1) },
            await caughtError { try await client.deleteProduct(atPath: "/api/products/x") },
        ]
        #expect(errors.map { $0?.isMissingCredentials } == [true, true, true, true])
        #expect(server.requests.isEmpty)
    }
}
