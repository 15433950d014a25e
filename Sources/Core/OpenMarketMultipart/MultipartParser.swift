/// An incremental multipart/form-data parser (RFC 7578, RFC 2046), as lenient as the server that
/// student apps were written against and precise about what it refuses.
///
/// Feed the body in chunks of any size, then call `finish()`. The parts, and any error, are the same
/// however the body was cut. Errors are thrown as soon as they are certain; after one, every call
/// throws it again.
package struct MultipartParser: Sendable {
    package let boundary: String
    package let limits: MultipartLimits
    package let ending: MultipartEnding

    private enum Phase {
        case preamble, delimiterLine, headers, content, epilogue
    }

    /// How many bytes after a delimiter are read to judge and quote its line.
    private static let delimiterTailLimit = 64
    /// How many leading body bytes are kept to quote when no delimiter shows up.
    private static let bodyStartLimit = 128

    /// `--` and the boundary: the delimiter without the line break in front.
    private let delimiterLine: [UInt8]
    private var scanner: DelimiterScanner
    private var phase = Phase.preamble
    private var received = 0
    private var bodyStart: [UInt8] = []
    private var delimiterOffset = 0
    private var delimiterTail: [UInt8] = []
    private var section = PartHeaderSection(offset: 0)
    private var head: PartHead?
    private var content = PartContent()
    private var parts: [MultipartPart] = []
    private var recorder = SegmentRecorder()
    private var failure: MultipartError?

    /// The parts read whole so far; after an error, the ones before it.
    package var partsRead: [MultipartPart] { parts }

    /// The stretches read so far, the one under way cut at `end` (the error's offset, or the body's length).
    package func segmentsRead(endingAt end: Int) -> [MultipartSegment] {
        recorder.segments(endingAt: end)
    }

    /// - Parameter contentType: the request's Content-Type header value, which names the boundary.
    package init(
        contentType: String, limits: MultipartLimits = MultipartLimits(), ending: MultipartEnding = .closeDelimiter
    ) throws(MultipartError) {
        boundary = try formDataBoundary(contentType: contentType)
        self.limits = limits
        self.ending = ending
        delimiterLine = Array("--\(boundary)".utf8)
        // Starting as if CRLF had been seen lets the first delimiter open the body without one.
        scanner = DelimiterScanner(delimiter: [ASCII.carriageReturn, ASCII.lineFeed] + delimiterLine, matched: 2)
    }

    /// Parses a whole body at once.
    package static func parse(
        body: some Collection<UInt8>, contentType: String, limits: MultipartLimits = MultipartLimits(),
        ending: MultipartEnding = .closeDelimiter
    ) throws(MultipartError) -> [MultipartPart] {
        var parser = try MultipartParser(contentType: contentType, limits: limits, ending: ending)
        try parser.feed(body)
        return try parser.finish()
    }

    package mutating func feed(_ bytes: some Collection<UInt8>) throws(MultipartError) {
        let outcome = bytes.withContiguousStorageIfAvailable { feedCatching(UnsafeRawBufferPointer($0)) }
            ?? Array(bytes).withUnsafeBytes { feedCatching($0) }
        try outcome.get()
    }

    package mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(MultipartError) {
        if let failure { throw failure }
        do {
            try consume(bytes.assumingMemoryBound(to: UInt8.self))
        } catch {
            failure = error
            throw error
        }
    }

    /// Ends the body and returns its parts in order.
    package mutating func finish() throws(MultipartError) -> [MultipartPart] {
        if let failure { throw failure }
        if let error = errorAtEnd() {
            failure = error
            throw error
        }
        return parts
    }

    private mutating func feedCatching(_ bytes: UnsafeRawBufferPointer) -> Result<Void, MultipartError> {
        do throws(MultipartError) {
            return .success(try feed(bytes))
        } catch {
            return .failure(error)
        }
    }

    private mutating func consume(_ chunk: UnsafeBufferPointer<UInt8>) throws(MultipartError) {
        let room = limits.maxBodyBytes > received ? limits.maxBodyBytes - received : 0
        let accepted = UnsafeBufferPointer(rebasing: chunk.prefix(room))
        if bodyStart.count < Self.bodyStartLimit {
            bodyStart += accepted.prefix(Self.bodyStartLimit - bodyStart.count)
        }
        var index = 0
        while index < accepted.count {
            switch phase {
            case .preamble, .content: index = scanForDelimiter(accepted, from: index)
            case .delimiterLine: index = try readDelimiterLine(accepted, from: index)
            case .headers: index = try readHeaders(accepted, from: index)
            case .epilogue: index = accepted.count
            }
        }
        received += accepted.count
        guard accepted.count == chunk.count else { throw .bodyTooLarge(limit: limits.maxBodyBytes) }
    }

    private mutating func scanForDelimiter(_ chunk: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let step = scanner.scan(chunk, from: start)
        if phase == .content {
            content.append(scanner.delimiter[..<step.releasedPrefix])
            content.append(UnsafeBufferPointer(rebasing: chunk[step.content]))
        }
        guard let end = step.delimiterEnd else { return chunk.count }
        if phase == .content, let head {
            parts.append(MultipartPart(
                index: head.index, name: head.name, filename: head.filename, contentType: head.contentType,
                headers: head.headers, body: content.take(), bodyOffset: head.bodyOffset))
        }
        delimiterOffset = received + end - delimiterLine.count
        // The first delimiter may open the body without the CRLF the scanner looks for (it starts as if seen).
        recorder.begin(.delimiter, at: max(0, received + end - scanner.delimiter.count))
        delimiterTail = []
        phase = .delimiterLine
        return end
    }

    private mutating func readDelimiterLine(_ chunk: UnsafeBufferPointer<UInt8>, from start: Int)
        throws(MultipartError) -> Int
    {
        var index = start
        while index < chunk.count {
            let byte = chunk[index]
            index += 1
            delimiterTail.append(byte)
            if delimiterTail == [ASCII.hyphen, ASCII.hyphen] {
                recorder.relabel(.closing)
                phase = .epilogue
                return chunk.count
            }
            if byte == ASCII.lineFeed {
                guard isPadding(delimiterTail.dropLast(), thenCR: true) else { throw malformedDelimiterLine }
                // Only where the body must go on after this line is another part certain already.
                if ending == .closeDelimiter {
                    try ensureRoomForAnotherPart()
                }
                section = PartHeaderSection(offset: received + index)
                recorder.begin(.headers(part: parts.count + 1), at: received + index)
                phase = .headers
                return index
            }
            if delimiterTail.count >= Self.delimiterTailLimit { throw malformedDelimiterLine }
        }
        return index
    }

    private mutating func readHeaders(_ chunk: UnsafeBufferPointer<UInt8>, from start: Int)
        throws(MultipartError) -> Int
    {
        if section.isEmpty {
            try ensureRoomForAnotherPart()
        }
        let (outcome, next) = section.consume(
            chunk, from: start, limit: limits.maxPartHeaderBytes, delimiterLine: delimiterLine)
        switch outcome {
        case .incomplete:
            break
        case .complete:
            // Recorded first, so that a part refused for its headers still shows them whole.
            recorder.begin(.content(part: parts.count + 1), at: received + next)
            head = try PartHead(index: parts.count + 1, section: section, bodyOffset: received + next)
            phase = .content
        case .notAHeader(let problem):
            throw missingBlankLine(problem)
        case .tooLarge:
            if let problem = section.currentLineProblem(delimiterLine: delimiterLine) {
                throw missingBlankLine(problem)
            }
            throw .partHeadersTooLarge(
                in: partContext, startingAt: section.offset, limit: limits.maxPartHeaderBytes)
        }
        return next
    }

    private func ensureRoomForAnotherPart() throws(MultipartError) {
        guard parts.count < limits.maxParts else {
            throw .tooManyParts(limit: limits.maxParts, nextPartAt: delimiterOffset)
        }
    }

    /// The error a body ending now deserves, or nil when it ended properly.
    private mutating func errorAtEnd() -> MultipartError? {
        switch phase {
        case .epilogue:
            return nil
        case .headers where section.isEmpty && ending == .closeDelimiterOrLastDelimiterLine:
            recorder.reopenLast(as: .closing)
            phase = .epilogue
            return nil
        case .preamble:
            return .boundaryNotFound(boundary: boundary, bodyStart: bodyStart, bodyLength: received)
        case .delimiterLine:
            let unfinished = delimiterTail == [ASCII.hyphen] || isPadding(delimiterTail[...], thenCR: false)
            return unfinished ? .endedAfterDelimiter(boundary: boundary, at: received) : malformedDelimiterLine
        case .headers:
            if let problem = section.currentLineProblem(delimiterLine: delimiterLine) {
                return missingBlankLine(problem)
            }
            return .endedInHeaders(of: partContext, boundary: boundary, at: received, sectionIsEmpty: section.isEmpty)
        case .content:
            let stray = firstOccurrence(of: delimiterLine, in: content.take()).map { (head?.bodyOffset ?? 0) + $0 }
            return .endedInContent(of: partContext, boundary: boundary, at: received, strayDelimiterAt: stray)
        }
    }

    private var partContext: PartContext {
        guard phase == .content, let head else {
            return PartHead.context(index: parts.count + 1, headers: section.headers)
        }
        return PartContext(index: head.index, name: head.name, filename: head.filename)
    }

    private var malformedDelimiterLine: MultipartError {
        .malformedDelimiterLine(boundary: boundary, at: delimiterOffset, followedBy: delimiterTail)
    }

    private func missingBlankLine(_ problem: PartHeaderSection.LineProblem) -> MultipartError {
        .missingBlankLine(in: partContext, foundAt: section.currentLineOffset, line: section.currentLine,
                          isDelimiter: problem == .delimiter)
    }

    /// Whether `bytes` is transport padding (spaces and tabs), followed by a CR when `thenCR`
    /// or by at most a CR otherwise.
    private func isPadding(_ bytes: ArraySlice<UInt8>, thenCR: Bool) -> Bool {
        let padding = bytes.last == ASCII.carriageReturn ? bytes.dropLast() : bytes
        return (!thenCR || padding.count < bytes.count) && padding.allSatisfy(ASCII.isWhitespace)
    }
}
