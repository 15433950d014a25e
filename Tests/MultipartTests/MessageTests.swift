import OpenMarketMultipart
import OpenMarketMultipartSamples
import Testing

/// The messages go verbatim to API clients, so their exact wording is part of the contract.
struct MessageTests {
    @Test func namesThePartAndShowsTheBodyFoundInsteadOfTheBlankLine() throws {
        let body = bytes(BrokenBodies.paramsPart + BrokenBodies.imageHeaders) + BrokenBodies.png
            + bytes("\r\n--X--")
        let error = try #require(parseEveryWay(body, contentType: BrokenBodies.contentType).error)
        #expect(error.message == #"""
            part 2 ("images", filename "a.png"): no blank line (CRLF CRLF) after the part headers; \#
            found the body starting at byte 128: "\x89PNG\r\n"
            """#)
        #expect(error.partName == "images")
        #expect(error.filename == "a.png")
    }

    @Test func quotesTheFirstLineWhenTheBoundaryNeverAppears() throws {
        let body = bytes("\r\n--Boundary-Y\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--Boundary-Y--")
        let error = try #require(parseEveryWay(body, contentType: "multipart/form-data; boundary=----X").error)
        #expect(error.message == #"""
            the body never contains the boundary "----X" from the Content-Type header; the first line of the body \#
            is "--Boundary-Y" (each part must start with the line "------X")
            """#)
    }

    /// Found by Fuzz/multipart (its seed unprintable-boundary.bin): quoted twice, a boundary of 80 NUL bytes is 640
    /// characters of `\x00`, as excerpts count bytes before escaping (above); the message stays one bounded line.
    @Test func anUnprintableBoundaryKeepsTheMessageOneBoundedLine() throws {
        let boundary = String(repeating: "\u{0}", count: 80)
        let body = [UInt8](repeating: 0xE7, count: 100) + bytes("\r\n")
        let error = try #require(parseEveryWay(body, contentType: "multipart/form-data; boundary=\(boundary)").error)
        #expect(error.message.hasPrefix(#"the body never contains the boundary "\x00\x00"#))
        #expect(!error.message.contains("\n") && error.message.utf8.count < 2_000, "\(error.message.utf8.count) bytes")
    }

    @Test func pointsAtADelimiterThatDoesNotStartALine() throws {
        let body = bytes("--X\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb--X--")
        let error = try #require(parseEveryWay(body, contentType: "multipart/form-data; boundary=X").error)
        #expect(error.message == #"""
            part 1 ("a"): the body ends at byte 55 inside the part content; expected a line break (CRLF) and the \#
            closing delimiter "--X--"; "--X" appears at byte 50 but not at the start of a line (each delimiter \#
            must follow a CRLF)
            """#)
    }

    @Test func showsWhatFollowsAMalformedDelimiter() throws {
        let body = bytes("--X\nContent-Disposition: form-data; name=\"a\"\n\nb\n--X--\n")
        let error = try #require(parseEveryWay(body, contentType: "multipart/form-data; boundary=X").error)
        #expect(error.message == #"""
            the delimiter "--X" at byte 0 is followed by "\n"; expected a line break (CRLF) before the next \#
            part's headers, or "--" to end the body
            """#)
    }

    @Test func listsTheHeadersFoundWhenContentDispositionIsMissing() throws {
        let body = bytes("--X\r\nContent-Type: image/png\r\nX-Id: 7\r\n\r\nb\r\n--X--")
        let error = try #require(parseEveryWay(body, contentType: "multipart/form-data; boundary=X").error)
        #expect(error.message == #"""
            part 1: no Content-Disposition header; expected a line like \#
            "Content-Disposition: form-data; name=\"field\""; found only "Content-Type", "X-Id"
            """#)
    }

    @Test func escapesAndCutsLongUnprintableExcerpts() throws {
        let junk: [UInt8] = [0x00, 0x01, 0x7F, 0x22, 0x5C] + bytes("한") + [0xFF] + Array(repeating: 0x41, count: 60)
        let error = try #require(parseEveryWay(junk, contentType: "multipart/form-data; boundary=X").error)
        let shownAs = String(repeating: "A", count: 51)
        #expect(error.message == #"""
            the body never contains the boundary "X" from the Content-Type header; the first line of the body \#
            is "\x00\x01\x7F\"\\한\xFF\#(shownAs)"… (each part must start with the line "--X")
            """#)
    }

    @Test func listsAtMostFiveHeaderNames() throws {
        let headers = (1...8).map { "X-\($0): v\r\n" }.joined()
        let body = bytes("--X\r\n" + headers + "\r\nb\r\n--X--")
        let error = try #require(parseEveryWay(body, contentType: "multipart/form-data; boundary=X").error)
        #expect(error.message.hasSuffix(#"found only "X-1", "X-2", "X-3", "X-4", "X-5" and 3 more"#))
    }
}
