import OpenMarketMultipart
import OpenMarketMultipartSamples
import Testing

/// Every real client variant must give the same two parts, however it is fed.
struct ClientVariantTests {
    @Test(arguments: ClientVariants.variants)
    func parsesToTheSameParts(variant: ClientVariants.Variant) throws {
        let parts = try #require(parseEveryWay(variant.body, contentType: variant.contentType).parts)
        #expect(parts.map(\.index) == [1, 2])
        #expect(parts.map(\.name) == ["params", "images"])
        #expect(parts.map(\.filename) == [nil, variant.filename])
        #expect(parts.map(\.contentType) == [variant.paramsType, variant.imageType])
        #expect(parts.map(\.body) == [ClientVariants.params, ClientVariants.image])
        for part in parts {
            #expect(Array(variant.body[part.bodyOffset..<(part.bodyOffset + part.body.count)]) == part.body)
        }
    }

    @Test func keepsEveryHeaderInOrderAndFindsThemWithoutRegardToCase() throws {
        let body = ClientVariants.body(imageHeaders: "Content-Type: image/png\r\nX-Note: a\r\n b\r\n")
        let image = try #require(parseEveryWay(body, contentType: ClientVariants.contentType).parts?.last)
        #expect(image.headers == [
            MultipartHeader(name: "Content-Disposition", value: #"form-data; name="images"; filename="photo.png""#),
            MultipartHeader(name: "Content-Type", value: "image/png"),
            MultipartHeader(name: "X-Note", value: "a b"),
        ])
        #expect(image.header("x-note") == "a b")
        #expect(image.header("content-length") == nil)
    }

    @Test func acceptsBodiesWithoutPartsAndPartsWithoutContent() throws {
        let empty = bytes("--\(ClientVariants.boundary)--\r\n")
        #expect(parseEveryWay(empty, contentType: ClientVariants.contentType).parts == [])
        let blank = bytes("--\(ClientVariants.boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n\r\n--\(ClientVariants.boundary)--")
        let part = try #require(parseEveryWay(blank, contentType: ClientVariants.contentType).parts?.first)
        #expect(part.body.isEmpty)
        #expect(part.name == "a")
    }
}
