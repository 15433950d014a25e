/// How a multipart/form-data body was read, as a value for people: the boundary, where each part's headers and
/// content lie in the body, and, for a refused body, what was refused where. The request journal shows it, and
/// the admin page and `openmarket explain` can draw it. Computing it parses the whole body again, so compute it
/// only when someone looks.
public struct MultipartReading: Sendable, Equatable {
    public struct Part: Sendable, Equatable {
        /// Counting from 1.
        public let index: Int
        public let name: String
        public let filename: String?
        /// The part's own Content-Type header.
        public let declaredContentType: String?
        /// What the content's first bytes say it is (an image format), from the `sniff` given to the reading.
        public let sniffedContentType: String?
        /// From the first header byte to the end of the blank line after the headers, in body offsets.
        public let headerRange: Range<Int>
        public let bodyRange: Range<Int>

        public var size: Int { bodyRange.count }
    }

    /// Why the body was refused.
    public struct Rejection: Sendable, Equatable {
        public let kind: MultipartError.Kind
        /// In body bytes from 0; nil when the problem is in the Content-Type header.
        public let offset: Int?
        /// Counting from 1.
        public let part: Int?
        public let partName: String?
        public let message: String
    }

    /// nil when the Content-Type names none.
    public let boundary: String?
    /// Empty when the body was refused: the parser gives parts only for a whole body.
    public let parts: [Part]
    public let rejection: Rejection?

    /// Reads `body` as the server would with this `ending`, without limits on its size (the server's own
    /// `--max-body-bytes` already bounded it).
    public init(
        body: [UInt8], contentType: String, ending: MultipartEnding, sniff: ([UInt8]) -> String?
    ) {
        boundary = try? formDataBoundary(contentType: contentType)
        do {
            let parsed = try MultipartParser.parse(
                body: body, contentType: contentType, limits: MultipartLimits(maxBodyBytes: .max), ending: ending)
            let delimiter = Array("--\(boundary ?? "")".utf8)
            parts = parsed.map { part in
                let headerStart = Self.headerStart(before: part.bodyOffset, delimiter: delimiter, in: body)
                return Part(
                    index: part.index, name: part.name, filename: part.filename, declaredContentType: part.contentType,
                    sniffedContentType: sniff(part.body), headerRange: headerStart..<part.bodyOffset,
                    bodyRange: part.bodyOffset..<(part.bodyOffset + part.body.count))
            }
            rejection = nil
        } catch {
            parts = []
            rejection = Rejection(
                kind: error.kind, offset: error.offset, part: error.part, partName: error.partName,
                message: error.message)
        }
    }

    /// Just after the line of the last delimiter before a part's content: where its headers begin.
    private static func headerStart(before contentStart: Int, delimiter: [UInt8], in body: [UInt8]) -> Int {
        var candidate = contentStart - delimiter.count
        while candidate >= 0, !body[candidate..<(candidate + delimiter.count)].elementsEqual(delimiter) {
            candidate -= 1
        }
        guard candidate >= 0 else { return 0 }
        var lineEnd = candidate + delimiter.count
        while lineEnd < contentStart, body[lineEnd] != ASCII.lineFeed {
            lineEnd += 1
        }
        return min(lineEnd + 1, contentStart)
    }
}
