/// How a multipart/form-data body was read, as a value for people: the boundary, where each part's headers and
/// content lie in the body, and, for a refused body, what was refused where. The request journal shows it, and
/// the admin page and `openmarket explain` can draw it. Computing it parses the whole body again, so compute it
/// only when someone looks.
package struct MultipartReading: Sendable, Equatable {
    package struct Part: Sendable, Equatable {
        /// Counting from 1.
        package let index: Int
        package let name: String
        package let filename: String?
        /// The part's own Content-Type header.
        package let declaredContentType: String?
        /// What the content's first bytes say it is (an image format), from the `sniff` given to the reading.
        package let sniffedContentType: String?
        /// From the first header byte to the end of the blank line after the headers, in body offsets.
        package let headerRange: Range<Int>
        package let bodyRange: Range<Int>

        package var size: Int { bodyRange.count }
    }

    /// Why the body was refused.
    package struct Rejection: Sendable, Equatable {
        package let kind: MultipartError.Kind
        /// In body bytes from 0; nil when the problem is in the Content-Type header.
        package let offset: Int?
        /// Counting from 1.
        package let part: Int?
        package let partName: String?
        package let message: String
    }

    /// nil when the Content-Type names none.
    package let boundary: String?
    /// The parts read whole; for a refused body, the ones before the error.
    package let parts: [Part]
    package let rejection: Rejection?
    /// As the parser read them: for a refused body, up to the error (see `segments(bodyLength:)`).
    let segmentsRead: [MultipartSegment]
    let contentType: String
    let ending: MultipartEnding

    /// Reads `body` as the server would with this `ending`, without limits on its size (the server's own
    /// `--max-body-bytes` already bounded it). The one parser the server uses reads it; nothing else looks at the
    /// bytes to find the structure.
    package init(
        body: [UInt8], contentType: String, ending: MultipartEnding, sniff: ([UInt8]) -> String?
    ) {
        self.contentType = contentType
        self.ending = ending
        boundary = try? formDataBoundary(contentType: contentType)
        let read = Self.read(body, contentType: contentType, ending: ending)
        let segments = read.segments
        parts = read.parts.map { part in
            let headers = segments.first { $0.role == .headers(part: part.index) }?.range
            return Part(
                index: part.index, name: part.name, filename: part.filename, declaredContentType: part.contentType,
                sniffedContentType: sniff(part.body), headerRange: headers ?? part.bodyOffset..<part.bodyOffset,
                bodyRange: part.bodyOffset..<(part.bodyOffset + part.body.count))
        }
        rejection = read.error.map { error in
            Rejection(
                kind: error.kind, offset: error.offset, part: error.part, partName: error.partName,
                message: error.message)
        }
        segmentsRead = segments
    }

    private static func read(
        _ body: [UInt8], contentType: String, ending: MultipartEnding
    ) -> (parts: [MultipartPart], segments: [MultipartSegment], error: MultipartError?) {
        var parser: MultipartParser
        do throws(MultipartError) {
            parser = try MultipartParser(
                contentType: contentType, limits: MultipartLimits(maxBodyBytes: .max), ending: ending)
        } catch {
            return ([], [], error)
        }
        do throws(MultipartError) {
            try parser.feed(body)
            let parts = try parser.finish()
            return (parts, parser.segmentsRead(endingAt: body.count), nil)
        } catch {
            return (parser.partsRead, parser.segmentsRead(endingAt: error.offset ?? 0), error)
        }
    }

    /// The body's stretches in order, tiling `0..<bodyLength`; a refused body's up to the error, then the rest
    /// as one `.rest` segment.
    package func segments(bodyLength: Int) -> [MultipartSegment] {
        guard rejection != nil else { return segmentsRead }
        let restStart = segmentsRead.last?.range.upperBound ?? 0
        guard restStart < bodyLength else { return segmentsRead }
        return segmentsRead + [MultipartSegment(role: .rest, range: restStart..<bodyLength)]
    }
}
