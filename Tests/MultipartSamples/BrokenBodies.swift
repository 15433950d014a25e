package import OpenMarketMultipart

/// Bodies the real server refused (or would have), built byte by byte, with the error each must give: the
/// multipart tests parse them every way, and `openmarket explain` is run on each.
package enum BrokenBodies {
    package static let contentType = "multipart/form-data; boundary=X"
    package static let paramsHeaders = "--X\r\nContent-Disposition: form-data; name=\"params\"\r\n"
    package static let paramsPart = paramsHeaders + "\r\n{}\r\n"
    package static let imageHeaders = "--X\r\nContent-Disposition: form-data; name=\"images\"; filename=\"a.png\"\r\n"
    package static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x2D, 0x2D]

    package struct Broken: Sendable, CustomStringConvertible {
        package let label: String
        package let contentType: String
        package let body: [UInt8]
        package let kind: MultipartError.Kind
        /// nil when the problem is in the Content-Type header.
        package let offset: Int?
        package let part: Int?
        package var description: String { label }

        init(_ label: String, contentType: String = BrokenBodies.contentType, body: [UInt8],
             kind: MultipartError.Kind, offset: Int?, part: Int? = nil) {
            self.label = label
            self.contentType = contentType
            self.body = body
            self.kind = kind
            self.offset = offset
            self.part = part
        }
    }

    /// Kinds that the parser finds in the body, with default limits.
    package static let inBody: [Broken] = [
        Broken("no blank line between the image headers and its bytes",
               body: bytes(paramsPart + imageHeaders) + png + bytes("\r\n--X--"),
               kind: .missingBlankLineAfterHeaders, offset: (paramsPart + imageHeaders).utf8.count, part: 2),
        Broken("no blank line before JSON content",
               body: bytes(paramsHeaders + "{\"a\":1}\r\n--X--"),
               kind: .missingBlankLineAfterHeaders, offset: paramsHeaders.utf8.count, part: 1),
        Broken("no blank line and no content before the next delimiter",
               body: bytes(imageHeaders + "--X--"),
               kind: .missingBlankLineAfterHeaders, offset: imageHeaders.utf8.count, part: 1),
        Broken("the body uses another boundary than the header",
               body: bytes("--Y\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--Y--"),
               kind: .boundaryNotFound, offset: 0),
        Broken("delimiters without the -- prefix",
               body: bytes("X\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\nX--"),
               kind: .boundaryNotFound, offset: 0),
        Broken("an empty body", body: [], kind: .boundaryNotFound, offset: 0),
        Broken("truncated inside an image", body: bytes(paramsPart + imageHeaders + "\r\n") + png,
               kind: .missingClosingDelimiter, offset: (paramsPart + imageHeaders + "\r\n").utf8.count + png.count,
               part: 2),
        Broken("the last delimiter lacks its two hyphens", body: bytes(paramsPart + "--X\r\n"),
               kind: .missingClosingDelimiter, offset: (paramsPart + "--X\r\n").utf8.count, part: 2),
        Broken("ends right after a delimiter", body: bytes(paramsPart + "--X"),
               kind: .missingClosingDelimiter, offset: (paramsPart + "--X").utf8.count),
        Broken("ends inside the part headers", body: bytes(imageHeaders + "Content-Type: ima"),
               kind: .missingClosingDelimiter, offset: (imageHeaders + "Content-Type: ima").utf8.count, part: 1),
        Broken("the closing delimiter is not on a line of its own", body: bytes(paramsHeaders + "\r\n{}--X--"),
               kind: .missingClosingDelimiter, offset: (paramsHeaders + "\r\n{}--X--").utf8.count, part: 1),
        Broken("LF line breaks instead of CRLF",
               body: bytes("--X\nContent-Disposition: form-data; name=\"a\"\n\nb\n--X--\n"),
               kind: .malformedDelimiterLine, offset: 0),
        Broken("text right after a delimiter", body: bytes(paramsPart + "--Xtra\r\n"),
               kind: .malformedDelimiterLine, offset: paramsPart.utf8.count),
        Broken("a part without Content-Disposition",
               body: bytes(paramsPart + "--X\r\nContent-Type: image/png\r\n\r\n") + png + bytes("\r\n--X--"),
               kind: .missingContentDisposition, offset: paramsPart.utf8.count + 5, part: 2),
        Broken("a part without any header", body: bytes("--X\r\n\r\nabc\r\n--X--"),
               kind: .missingContentDisposition, offset: 5, part: 1),
        Broken("a Content-Disposition without name",
               body: bytes("--X\r\nContent-Type: text/plain\r\nContent-Disposition: form-data; filename=\"a\"\r\n\r\nb\r\n--X--"),
               kind: .missingName, offset: 31, part: 1),
        Broken("a Content-Disposition that is not form-data",
               body: bytes("--X\r\nContent-Disposition: attachment; name=\"a\"\r\n\r\nb\r\n--X--"),
               kind: .invalidContentDisposition, offset: 5, part: 1),
        Broken("an undecodable filename*",
               body: bytes("--X\r\nContent-Disposition: form-data; name=\"a\"; filename*=UTF-8''%E2%G\r\n\r\nb\r\n--X--"),
               kind: .invalidContentDisposition, offset: 5, part: 1),
        Broken("a filename* in an unknown charset",
               body: bytes("--X\r\nContent-Disposition: form-data; name=\"a\"; filename*=KOI8-R''a\r\n\r\nb\r\n--X--"),
               kind: .invalidContentDisposition, offset: 5, part: 1),
    ]

    /// Kinds found in the Content-Type header, before any body byte is read.
    package static let inContentType: [Broken] = [
        Broken("a Content-Type that is not multipart", contentType: "application/json", body: bytes(paramsPart + "--X--"),
               kind: .notMultipartFormData, offset: nil),
        Broken("no Content-Type at all", contentType: "", body: bytes(paramsPart + "--X--"),
               kind: .notMultipartFormData, offset: nil),
        Broken("a Content-Type without boundary", contentType: "multipart/form-data", body: bytes(paramsPart + "--X--"),
               kind: .missingBoundary, offset: nil),
        Broken("an empty boundary", contentType: "multipart/form-data; boundary=\"\"", body: bytes(paramsPart + "--X--"),
               kind: .invalidBoundary, offset: nil),
    ]

    /// Kinds that take the server's default limits to reach: large bodies, so not parsed at every split.
    package static let beyondLimits: [Broken] = [
        Broken("more parts than the server reads",
               body: bytes(String(repeating: paramsPart, count: MultipartLimits().maxParts + 1) + "--X--"),
               kind: .tooManyParts, offset: paramsPart.utf8.count * MultipartLimits().maxParts),
        Broken("part headers longer than the limit",
               body: bytes(paramsHeaders + "X-Padding: " + String(repeating: "a", count: MultipartLimits().maxPartHeaderBytes)
                           + "\r\n\r\n{}\r\n--X--"),
               kind: .partHeadersTooLarge, offset: 5, part: 1),
    ]

    package static let all = inBody + inContentType + beyondLimits
}

package func bytes(_ text: String) -> [UInt8] {
    Array(text.utf8)
}
