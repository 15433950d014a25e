/// A refused body with the common mistakes undone one at a time, each change read again by the same parser: the
/// proof that the advice works, and the parts a correct body would hold. Only mistakes whose undoing is certain are
/// undone; a body cut short or a part without a name stays refused.
struct MultipartRepair {
    /// At most one change per mistake, and there are fewer kinds of mistake than this.
    private static let maxChanges = 5

    private(set) var body: [UInt8]
    private(set) var reading: MultipartReading
    /// What was changed, in words, in the order it was done.
    private(set) var changes: [String] = []

    /// Undoes mistakes until the body reads whole or no known mistake is left; `reading.rejection` tells which.
    init(body: [UInt8], reading: MultipartReading) {
        self.body = body
        self.reading = reading
        for _ in 0..<Self.maxChanges {
            guard let rejection = self.reading.rejection, let change = nextChange(for: rejection) else { return }
            changes.append(change)
        }
    }

    /// Makes the change the rejection calls for and reads the body again; nil when none is known.
    private mutating func nextChange(for rejection: MultipartReading.Rejection) -> String? {
        if MultipartFix.usesBareLineFeeds(body) {
            reread(body.flatMap { $0 == ASCII.lineFeed ? [ASCII.carriageReturn, ASCII.lineFeed] : [$0] })
            return "every LF (\\n) made CRLF (\\r\\n)"
        }
        switch rejection.kind {
        case .notMultipartFormData, .missingBoundary, .invalidBoundary, .boundaryNotFound:
            guard let guessed = MultipartFix.guessBoundary(in: body), guessed != reading.boundary else { return nil }
            reread(body, contentType: "multipart/form-data; boundary=\(guessed)")
            return "Content-Type: multipart/form-data; boundary=\(guessed), the boundary the body uses"
        case .missingBlankLineAfterHeaders:
            guard let offset = rejection.offset else { return nil }
            insertLineBreak(at: offset)
            return "a blank line (\\r\\n) inserted at byte \(offset), after the part headers"
        case .missingClosingDelimiter:
            return closeBody()
        default:
            return nil
        }
    }

    /// The body ended before its closing delimiter: where the parser stopped tells which line to add or mend.
    private mutating func closeBody() -> String? {
        guard let boundary = reading.boundary, let last = reading.segmentsRead.last else { return nil }
        let closing = "--\(boundary)--"
        switch last.role {
        case .delimiter:
            reread(Array(body[..<last.range.lowerBound]) + Array("\r\n\(closing)\r\n".utf8))
            return "the last delimiter line made the closing one, \(closing)"
        case .content:
            let delimiter = Array("--\(boundary)".utf8)
            if let stray = firstOccurrence(of: delimiter, in: Array(body[last.range])) {
                insertLineBreak(at: last.range.lowerBound + stray)
                return "a line break (\\r\\n) inserted at byte \(last.range.lowerBound + stray), before \(closing)"
            }
            reread(body + Array("\r\n\(closing)\r\n".utf8))
            return "\(closing) added at the end, after the last part's content (which may have been cut short)"
        default:
            return nil
        }
    }

    private mutating func insertLineBreak(at offset: Int) {
        reread(Array(body[..<offset]) + [ASCII.carriageReturn, ASCII.lineFeed] + body[offset...])
    }

    private mutating func reread(_ changed: [UInt8], contentType: String? = nil) {
        body = changed
        reading = MultipartReading(
            body: changed, contentType: contentType ?? reading.contentType, ending: reading.ending, sniff: { _ in nil })
    }
}
