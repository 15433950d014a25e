import Foundation
import OpenMarketAPITestSupport
import OpenMarketClient
import OpenMarketMultipart
import OpenMarketStore
import Testing

extension MarketContractTests {
    @Test("a create without an image is refused with 400")
    func createWithoutImageIsRefused() async throws {
        await expectRefusal(
            status: 400,
            message: "at least one image is required: add a file part named \"images\" with a JPEG, PNG, GIF or WebP"
        ) { () async throws(OpenMarketError) in
            try await market.owner.createProduct(.sample(images: []))
        }
        #expect(try await market.reader.productPage()?.totalCount == 0)
    }

    @Test("an image part whose bytes are not an image is refused with 400, naming the part")
    func nonImageBytesAreRefused() async throws {
        let notes = ImageUpload(data: Data("not an image".utf8), filename: "notes.txt", mediaType: "image/png")
        await expectRefusal(
            status: 400,
            message: "part 3 (\"images\", filename \"notes.txt\") (declared as image/png) is not a JPEG, PNG, GIF or WebP "
                + "image by its bytes; send the image file's raw bytes, not base64 or a file path"
        ) { () async throws(OpenMarketError) in
            try await market.owner.createProduct(.sample(images: [Uploads.png, notes]))
        }
    }

    @Test("a currency other than KRW and USD is refused with 400")
    func unknownCurrencyIsRefused() async throws {
        // The client's `Currency` has only KRW and USD, so no client call can send another currency: that is the
        // client's own guard. To reach the server's rule the create is built with the client's public multipart
        // encoder, sent on the client's base URL and session, and its refusal read with the client's
        // `HTTPStatusFailure`, exactly as a client call would read it.
        let params = #"{"name":"n","description":"d","price":1,"currency":"EUR","secret":"\#(LiveServer.vendorA.secret)"}"#
        let form = MultipartFormData(parts: [
            MultipartFormData.Part(name: "params", contentType: "application/json", content: Data(params.utf8)),
            MultipartFormData.Part(name: "images", filename: "photo.png", contentType: "image/png", content: Uploads.png.data),
        ])
        let failure = try await market.rawCreate(body: form.encoded(), contentType: form.contentType)
        expectFailure(failure, status: 400, message: #""currency" must be "KRW" or "USD"; got "EUR""#)
        #expect(try await market.reader.productPage()?.totalCount == 0)
    }

    @Test("a malformed multipart body sent raw is refused with 400 and the parser's explanation", arguments: MalformedBody.allCases)
    func malformedMultipartGetsTheParsersExplanation(body: MalformedBody) async throws {
        let contentType = "multipart/form-data; boundary=expected"
        let parserError = try #require(throws: MultipartError.self) {
            try MultipartParser.parse(body: Array(body.text.utf8), contentType: contentType)
        }
        let failure = try await market.rawCreate(body: Data(body.text.utf8), contentType: contentType)
        expectFailure(failure, status: 400, message: parserError.message)
    }

    @Test("an unknown product id is 404 for detail and for patch")
    func unknownProductIs404() async throws {
        let message = "no product has the id 99"
        await expectRefusal(status: 404, message: message) { () async throws(OpenMarketError) in
            try await market.reader.productDetail(id: 99)
        }
        await expectRefusal(status: 404, message: message) { () async throws(OpenMarketError) in
            try await market.owner.updateProduct(id: 99, changes: ProductChanges(stock: 1))
        }
    }

    @Test("a page number below 1 or a page size above 1000 is refused with 400")
    func badPagingIsRefused() async throws {
        await expectRefusal(status: 400, message: "page_no must be a positive whole number; got \"0\"") {
            () async throws(OpenMarketError) in try await market.reader.productPage(number: 0)
        }
        await expectRefusal(status: 400, message: "items_per_page must be at most 1000; got 1001") {
            () async throws(OpenMarketError) in try await market.reader.productPage(itemsPerPage: 1001)
        }
    }
}

/// Bodies for `Content-Type: multipart/form-data; boundary=expected` that no client encoder would write.
enum MalformedBody: CaseIterable, Sendable {
    case otherBoundary, noBlankLineAfterPartHeaders, noClosingDelimiter

    var text: String {
        let headers = "Content-Disposition: form-data; name=\"params\"\r\n"
        switch self {
        case .otherBoundary: return "--other\r\n\(headers)\r\n{}\r\n--other--\r\n"
        case .noBlankLineAfterPartHeaders: return "--expected\r\n\(headers){}\r\n--expected--\r\n"
        case .noClosingDelimiter: return "--expected\r\n\(headers)\r\n{}"
        }
    }
}
