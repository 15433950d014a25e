import OpenMarketMultipart
import OpenMarketMultipartSamples
import Testing

/// `openmarket explain`'s drawing of a body: every refusal marked and explained, every real client variant accepted.
struct MultipartExplanationTests {
    static let server = ExplainingServer(
        name: "v2b", ending: .closeDelimiter, errorBody: { "{\"message\":\"\($0)\"}" }, partsAdvice: { _ in [] })

    static func explain(_ body: [UInt8], _ contentType: String) -> MultipartExplanation {
        MultipartExplanation(
            body: body, contentType: contentType, server: server, sniff: { _ in nil },
            describeImage: { $0.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? "PNG" : nil }, colour: false)
    }

    @Test func theSamplesCoverEveryKindExplainCanMeet() {
        // The reading has no body limit (the server answers 413 before reading a body over its own), so that kind
        // never reaches explain.
        let kinds = Set(BrokenBodies.all.map(\.kind))
        #expect(kinds == Set(MultipartError.Kind.allCases).subtracting([.bodyTooLarge]))
    }

    @Test(arguments: BrokenBodies.all)
    func marksAndExplainsEveryRefusal(broken: BrokenBodies.Broken) throws {
        let explanation = Self.explain(broken.body, broken.contentType)
        #expect(!explanation.accepted)
        let rejection = try #require(explanation.reading.rejection)
        let text = explanation.text
        let place = broken.offset.map { "at byte \($0)" } ?? "in the Content-Type header"
        #expect(text.contains("▶ refused \(place): \(broken.kind.rawValue)"))
        #expect(text.contains("REFUSED by v2b: \(rejection.message)"))
        #expect(text.contains("the app got: 400 {\"message\":\"\(rejection.message)\"}"))
        if let offset = broken.offset {
            #expect(text.contains("around byte \(offset): "))
        }
        #expect(text.contains("A correct body for the same parts would look like this:"))
        #expect(!text.contains("\u{1B}["))
    }

    @Test(arguments: ClientVariants.variants)
    func acceptsEveryRealClientVariant(variant: ClientVariants.Variant) {
        let explanation = Self.explain(variant.body, variant.contentType)
        #expect(explanation.accepted)
        #expect(explanation.text.contains("ACCEPTED by v2b: 2 part(s)"))
        #expect(explanation.text.contains("content (name \"images\""))
        #expect(!explanation.text.contains("REFUSED"))
        #expect(!explanation.text.contains("fix:"))
    }

    @Test func theErrorMarkerStandsBeforeTheBytesNotRead() throws {
        let broken = try #require(BrokenBodies.inBody.first { $0.label == "text right after a delimiter" })
        let lines = Self.explain(broken.body, broken.contentType).text.split(separator: "\n")
        let marker = try #require(lines.firstIndex { $0.hasPrefix("▶ refused at byte") })
        #expect(lines[marker + 1].contains("not read as parts \"--Xtra\\r\\n\""))
        #expect(lines[marker - 1].contains("delimiter \"\\r\\n\""))
    }

    @Test func showsOtherBytesAsTwoHexDigitsEach() {
        let body = bytes("--X\r\nContent-Disposition: form-data; name=\"b\"\r\n\r\n") + [0x00, 0x0A, 0xAB, 0x07]
            + bytes("\r\n--X--")
        #expect(Self.explain(body, BrokenBodies.contentType).text.contains("4 bytes: 00 0a ab 07\n"))
    }

    @Test func describesImagesAndColoursOnlyWhenAsked() {
        let body = bytes(BrokenBodies.imageHeaders + "\r\n") + BrokenBodies.png + bytes("\r\n--X--")
        let plain = Self.explain(body, BrokenBodies.contentType).text
        #expect(plain.contains("11 bytes: PNG"))
        let coloured = MultipartExplanation(
            body: body, contentType: BrokenBodies.contentType, server: Self.server, sniff: { _ in nil },
            describeImage: { _ in nil }, colour: true)
        #expect(coloured.text.contains("\u{1B}[32mACCEPTED by v2b\u{1B}[0m"))
    }
}
