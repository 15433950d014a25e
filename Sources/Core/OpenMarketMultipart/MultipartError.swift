/// Why a body was refused, where, and a one-line explanation fit to send back to the client.
///
/// Offsets count bytes of the body from 0. Parts count from 1, in messages and in `part` alike.
package struct MultipartError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Kind: String, Sendable, CaseIterable {
        /// The Content-Type header is not multipart/form-data.
        case notMultipartFormData
        /// The Content-Type header has no boundary parameter.
        case missingBoundary
        /// The boundary parameter is empty or holds a line break.
        case invalidBoundary
        /// No delimiter line made of the boundary occurs in the body.
        case boundaryNotFound
        /// A delimiter is followed by something other than CRLF or `--`.
        case malformedDelimiterLine
        /// A part's headers are not ended by a blank line before its content.
        case missingBlankLineAfterHeaders
        /// A part's header section is longer than the limit.
        case partHeadersTooLarge
        /// A part has no Content-Disposition header.
        case missingContentDisposition
        /// A part's Content-Disposition is not form-data or its filename* cannot be decoded.
        case invalidContentDisposition
        /// A part's Content-Disposition has no name parameter.
        case missingName
        /// The body ends before the closing delimiter.
        case missingClosingDelimiter
        /// The body has more parts than the limit.
        case tooManyParts
        /// The body is longer than the limit.
        case bodyTooLarge
    }

    package let kind: Kind
    /// Where in the body the problem is; nil when it is in the Content-Type header.
    package let offset: Int?
    /// The part concerned, counting from 1, when there is one.
    package let part: Int?
    /// The part's name, when known.
    package let partName: String?
    /// The part's filename, when known.
    package let filename: String?
    /// One line in plain words: what was expected and what was found.
    package let message: String

    package var description: String { message }

    init(_ kind: Kind, at offset: Int?, in part: PartContext? = nil, _ explanation: String) {
        self.kind = kind
        self.offset = offset
        self.part = part?.index
        self.partName = part?.name
        self.filename = part?.filename
        self.message = (part.map { $0.label + ": " } ?? "") + explanation
    }
}

/// What is known about the part an error is about.
struct PartContext {
    var index: Int
    var name: String?
    var filename: String?

    /// For example `part 2 ("images", filename "a.png")`.
    var label: String {
        let details = [name.map(quoted), filename.map { "filename " + quoted($0) }].compactMap { $0 }
        return details.isEmpty ? "part \(index)" : "part \(index) (\(details.joined(separator: ", ")))"
    }
}
