import Foundation
import OpenMarketClient
import Testing

@Suite struct MultipartFormDataTests {
    private let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    private var form: MultipartFormData {
        MultipartFormData(boundary: "TestBoundary", parts: [
            .init(name: "params", contentType: "application/json", content: Data(#"{"name":"a"}"#.utf8)),
            .init(name: "images", filename: "photo.png", contentType: "image/png", content: png),
        ])
    }

    @Test func encodesExactBytesForFixedBoundary() {
        var expected = Data("""
            --TestBoundary\r
            Content-Disposition: form-data; name="params"\r
            Content-Type: application/json\r
            \r
            {"name":"a"}\r
            --TestBoundary\r
            Content-Disposition: form-data; name="images"; filename="photo.png"\r
            Content-Type: image/png\r
            \r

            """.utf8)
        expected.append(png)
        expected.append(Data("\r\n--TestBoundary--\r\n".utf8))
        #expect(form.encoded() == expected)
        #expect(form.contentType == "multipart/form-data; boundary=TestBoundary")
    }

    @Test func partWithoutContentTypeHasNoContentTypeHeader() {
        let bare = MultipartFormData(boundary: "B", parts: [.init(name: "params", content: Data("{}".utf8))])
        #expect(bare.encoded() == Data("--B\r\nContent-Disposition: form-data; name=\"params\"\r\n\r\n{}\r\n--B--\r\n".utf8))
    }

    @Test func emptyFormIsOnlyTheClosingDelimiter() {
        #expect(MultipartFormData(boundary: "B").encoded() == Data("--B--\r\n".utf8))
    }

    @Test func roundTripsThroughAnIndependentParser() throws {
        let parsed = try MultipartParser.parse(form.encoded(), boundary: "TestBoundary")
        #expect(parsed == [
            ParsedPart(name: "params", filename: nil, contentType: "application/json", content: Data(#"{"name":"a"}"#.utf8)),
            ParsedPart(name: "images", filename: "photo.png", contentType: "image/png", content: png),
        ])
    }

    @Test func contentThatLooksLikeFramingSurvivesRoundTrip() throws {
        let tricky = Data("\r\n--TestBoundar\r\n\r\n--".utf8) + png
        let form = MultipartFormData(boundary: "TestBoundary", parts: [.init(name: "images", filename: "x", content: tricky)])
        #expect(try MultipartParser.parse(form.encoded(), boundary: "TestBoundary").map(\.content) == [tricky])
    }

    @Test func escapesQuotesAndLineBreaksInNamesAndFilenames() throws {
        let form = MultipartFormData(boundary: "B", parts: [
            .init(name: "a\"b", filename: "evil\"\r\nX-Injected: 1.png", contentType: "image/png\r\nX-Injected: 2", content: png),
        ])
        let parsed = try MultipartParser.parse(form.encoded(), boundary: "B")
        #expect(parsed == [ParsedPart(
            name: "a%22b", filename: "evil%22%0D%0AX-Injected: 1.png", contentType: "image/png%0D%0AX-Injected: 2",
            content: png)])
    }

    @Test func keepsNonASCIIFilenamesAsUTF8() throws {
        let form = MultipartFormData(boundary: "B", parts: [.init(name: "images", filename: "사진 1.jpg", content: png)])
        #expect(try MultipartParser.parse(form.encoded(), boundary: "B").first?.filename == "사진 1.jpg")
    }

    @Test func randomBoundariesDifferAndUseOnlySafeCharacters() {
        let boundaries = (0..<20).map { _ in MultipartFormData().boundary }
        #expect(Set(boundaries).count == boundaries.count)
        for boundary in boundaries {
            #expect((1...70).contains(boundary.count))
            #expect(boundary.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        }
    }
}
