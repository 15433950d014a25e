// Every message says what was expected and what was found, because it reaches the client verbatim.

extension MultipartError {
    /// An empty `contentType` stands for a missing header too: the server reads the body only with one.
    static func notMultipartFormData(contentType: String) -> Self {
        let found = contentType.isEmpty ? "missing or empty" : quoted(contentType)
        return Self(.notMultipartFormData, at: nil,
                    "the Content-Type header is \(found); expected \"multipart/form-data; boundary=...\"")
    }

    static func missingBoundary(contentType: String) -> Self {
        Self(.missingBoundary, at: nil,
             "the Content-Type header \(quoted(contentType)) has no boundary parameter; expected for example "
                + "\"multipart/form-data; boundary=Boundary-1234\", the boundary that separates the parts in the body")
    }

    static func invalidBoundary(contentType: String) -> Self {
        Self(.invalidBoundary, at: nil,
             "the boundary parameter of the Content-Type header \(quoted(contentType)) is empty or holds a line break; "
                + "expected a single line such as \"Boundary-1234\"")
    }

    static func boundaryNotFound(boundary: String, bodyStart: [UInt8], bodyLength: Int) -> Self {
        let delimiter = "--" + boundary
        guard bodyLength > 0 else {
            return Self(.boundaryNotFound, at: 0,
                        "the body is empty; expected parts, each starting with the line \(quoted(delimiter))")
        }
        let firstLine = bodyStart.drop { $0 == ASCII.carriageReturn || $0 == ASCII.lineFeed }
            .prefix { $0 != ASCII.carriageReturn && $0 != ASCII.lineFeed }
        return Self(.boundaryNotFound, at: 0,
                    "the body never contains the boundary \(quoted(boundary)) from the Content-Type header; "
                        + "the first line of the body is \(quotedExcerpt(firstLine, limit: 60)) "
                        + "(each part must start with the line \(quoted(delimiter)))")
    }

    static func malformedDelimiterLine(boundary: String, at offset: Int, followedBy tail: [UInt8]) -> Self {
        Self(.malformedDelimiterLine, at: offset,
             "the delimiter \(quoted("--" + boundary)) at byte \(offset) is followed by \(quotedExcerpt(tail)); "
                + "expected a line break (CRLF) before the next part's headers, or \"--\" to end the body")
    }

    static func missingBlankLine(in part: PartContext, foundAt offset: Int, line: ArraySlice<UInt8>,
                                 isDelimiter: Bool) -> Self {
        let found = isDelimiter
            ? "found the next delimiter \(quotedExcerpt(line)) at byte \(offset)"
            : "found the body starting at byte \(offset): \(quotedExcerpt(line))"
        return Self(.missingBlankLineAfterHeaders, at: offset, in: part,
                    "no blank line (CRLF CRLF) after the part headers; " + found)
    }

    static func partHeadersTooLarge(in part: PartContext, startingAt offset: Int, limit: Int) -> Self {
        Self(.partHeadersTooLarge, at: offset, in: part,
             "the part headers starting at byte \(offset) are longer than \(limit) bytes (the limit) "
                + "without the blank line (CRLF CRLF) that ends them")
    }

    static func missingContentDisposition(in part: PartContext, headersAt offset: Int,
                                          headers: [MultipartHeader]) -> Self {
        let shown = 5
        let names = headers.prefix(shown).map { quoted($0.name) }.joined(separator: ", ")
        let found = headers.isEmpty
            ? "found no headers before the blank line"
            : "found only " + names + (headers.count > shown ? " and \(headers.count - shown) more" : "")
        return Self(.missingContentDisposition, at: offset, in: part,
                    "no Content-Disposition header; expected a line like "
                        + "\"Content-Disposition: form-data; name=\\\"field\\\"\"; " + found)
    }

    static func notFormData(in part: PartContext, at offset: Int, disposition: String) -> Self {
        Self(.invalidContentDisposition, at: offset, in: part,
             "the Content-Disposition is \(quoted(disposition)); expected it to start with \"form-data\"")
    }

    static func undecodableFilename(in part: PartContext, at offset: Int, value: String) -> Self {
        Self(.invalidContentDisposition, at: offset, in: part,
             "the filename* parameter \(quoted(value)) cannot be decoded; expected the RFC 5987 form "
                + "charset'language'percent-encoded-bytes with charset UTF-8 or ISO-8859-1, "
                + "such as UTF-8''photo%201.jpg")
    }

    static func missingName(in part: PartContext, at offset: Int, disposition: String) -> Self {
        Self(.missingName, at: offset, in: part,
             "the Content-Disposition \(quoted(disposition)) has no name parameter; "
                + "expected for example \"form-data; name=\\\"params\\\"\"")
    }

    static func endedAfterDelimiter(boundary: String, at offset: Int) -> Self {
        Self(.missingClosingDelimiter, at: offset,
             "the body ends at byte \(offset) right after the delimiter \(quoted("--" + boundary)); "
                + "expected \"--\" after the last one, as in \(quoted("--" + boundary + "--"))")
    }

    static func endedInHeaders(of part: PartContext, boundary: String, at offset: Int, sectionIsEmpty: Bool) -> Self {
        let place = sectionIsEmpty ? "where the part headers should start" : "inside the part headers"
        return Self(.missingClosingDelimiter, at: offset, in: part,
                    "the body ends at byte \(offset) \(place); the last delimiter must be "
                        + "\(quoted("--" + boundary + "--")), with two hyphens after the boundary")
    }

    static func endedInContent(of part: PartContext, boundary: String, at offset: Int,
                               strayDelimiterAt stray: Int?) -> Self {
        let closing = quoted("--" + boundary + "--")
        let hint = stray.map {
            "; \(quoted("--" + boundary)) appears at byte \($0) but not at the start of a line "
                + "(each delimiter must follow a CRLF)"
        } ?? ""
        return Self(.missingClosingDelimiter, at: offset, in: part,
                    "the body ends at byte \(offset) inside the part content; "
                        + "expected a line break (CRLF) and the closing delimiter \(closing)" + hint)
    }

    static func tooManyParts(limit: Int, nextPartAt offset: Int) -> Self {
        Self(.tooManyParts, at: offset,
             "the body has more than \(limit) parts (the limit); part \(limit + 1) starts at byte \(offset)")
    }

    static func bodyTooLarge(limit: Int) -> Self {
        Self(.bodyTooLarge, at: limit, "the body is longer than \(limit) bytes (the limit)")
    }
}
