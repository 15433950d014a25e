import OpenMarketMultipart
import OpenMarketMultipartSamples
import Testing

/// `.closeDelimiterOrLastDelimiterLine`: a body may stop right after a delimiter line (yagom `1-sole` ends every
/// v1 body so), and nowhere else it could not stop before.
struct LastDelimiterEndingTests {
    static let contentType = "multipart/form-data; boundary=X"
    static let lenient = MultipartEnding.closeDelimiterOrLastDelimiterLine
    static let title = "--X\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nmug\r\n"
    static let imageHeaders = "--X\r\nContent-Disposition: form-data; name=\"images[]\"; filename=\"a.png\"\r\n\r\n"
    /// A PNG signature with CR LF and hyphens inside, so a split there must not end the part.
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x0D, 0x0A, 0x2D, 0x2D, 0x59]

    static var sole: [UInt8] {
        bytes(title + imageHeaders) + png + bytes("\r\n--X\r\n")
    }

    @Test func countsThePartsBeforeTheLastDelimiterLineAtEverySplit() throws {
        let parts = try #require(parseEveryWay(Self.sole, contentType: Self.contentType, ending: Self.lenient).parts)
        #expect(parts.map(\.name) == ["title", "images[]"])
        #expect(parts[0].body == bytes("mug"))
        #expect(parts[1].body == Self.png)
        #expect(parts[1].filename == "a.png")
    }

    @Test func givesTheSamePartsAsTheCloseDelimiter() throws {
        let closed = bytes(Self.title + Self.imageHeaders) + Self.png + bytes("\r\n--X--\r\n")
        let lenient = parseEveryWay(Self.sole, contentType: Self.contentType, ending: Self.lenient)
        #expect(lenient == parseEveryWay(closed, contentType: Self.contentType))
        #expect(parseEveryWay(closed, contentType: Self.contentType, ending: Self.lenient) == lenient)
    }

    @Test func acceptsTransportPaddingAndABodyOfOnlyADelimiterLine() throws {
        let padded = bytes(Self.title + "--X \t\r\n")
        #expect(parseEveryWay(padded, contentType: Self.contentType, ending: Self.lenient).parts?.count == 1)
        #expect(parseEveryWay(bytes("--X\r\n"), contentType: Self.contentType, ending: Self.lenient).parts == [])
    }

    @Test func stillRequiresTheCloseDelimiterByDefault() throws {
        let error = try #require(parseEveryWay(Self.sole, contentType: Self.contentType).error)
        #expect(error.kind == .missingClosingDelimiter)
        #expect(error.offset == Self.sole.count)
        #expect(error.message.contains("where the part headers should start"))
    }

    struct Cut: CustomTestStringConvertible {
        var label: String
        var body: [UInt8]
        var kind: MultipartError.Kind
        var offset: Int
        var testDescription: String { label }
    }

    static let cuts: [Cut] = [
        Cut(label: "inside the image's bytes", body: bytes(title + imageHeaders) + png,
            kind: .missingClosingDelimiter, offset: (title + imageHeaders).utf8.count + png.count),
        Cut(label: "inside the next part's headers", body: bytes(title + "--X\r\nContent-Disp"),
            kind: .missingClosingDelimiter, offset: (title + "--X\r\nContent-Disp").utf8.count),
        Cut(label: "after the headers, before any content", body: bytes(imageHeaders),
            kind: .missingClosingDelimiter, offset: imageHeaders.utf8.count),
        Cut(label: "right after the boundary, before the line break", body: bytes(title + "--X"),
            kind: .missingClosingDelimiter, offset: (title + "--X").utf8.count),
        Cut(label: "between CR and LF of the delimiter line", body: bytes(title + "--X\r"),
            kind: .missingClosingDelimiter, offset: (title + "--X\r").utf8.count),
        Cut(label: "after one hyphen of the close delimiter", body: bytes(title + "--X-"),
            kind: .missingClosingDelimiter, offset: (title + "--X-").utf8.count),
        Cut(label: "text after the boundary", body: bytes(title + "--Xy\r\n"),
            kind: .malformedDelimiterLine, offset: title.utf8.count),
    ]

    @Test(arguments: cuts)
    func stillRefusesABodyThatStopsAnywhereElse(cut: Cut) throws {
        let error = try #require(parseEveryWay(cut.body, contentType: Self.contentType, ending: Self.lenient).error)
        #expect(error.kind == cut.kind, "\(error.message)")
        #expect(error.offset == cut.offset, "\(error.message)")
    }

    @Test func countsTheLastDelimiterLineAgainstNoPartLimit() throws {
        let limits = MultipartLimits(maxParts: 1)
        #expect(parseEveryWay(bytes(Self.title + "--X\r\n"), contentType: Self.contentType, limits: limits,
                              ending: Self.lenient).parts?.count == 1)
        let two = bytes(Self.title + Self.title + "--X\r\n")
        let error = try #require(parseEveryWay(two, contentType: Self.contentType, limits: limits,
                                               ending: Self.lenient).error)
        #expect(error.kind == .tooManyParts)
        #expect(error.offset == Self.title.utf8.count)
    }
}
