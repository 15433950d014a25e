/// The header section of one part, collected line by line until its blank line.
///
/// A line that cannot be a header means the client left out the blank line and this is already the
/// content (or the next delimiter). Lines are judged once complete, or when the section outgrows its
/// limit or the body ends, so an error never depends on how the body was cut into chunks.
struct PartHeaderSection {
    struct RawHeader {
        var offset: Int
        var name: [UInt8]
        var value: [UInt8]
    }

    enum Outcome {
        /// More bytes are needed.
        case incomplete
        /// The blank line was read; the content starts at the returned index.
        case complete
        /// The current line is not a header line.
        case notAHeader(LineProblem)
        /// The section passed its size limit.
        case tooLarge
    }

    /// What the current line turned out to be instead of a header line.
    enum LineProblem {
        case delimiter
        case content
    }

    /// Where the section starts in the body.
    let offset: Int
    private(set) var headers: [RawHeader] = []
    private var bytes: [UInt8] = []
    private var lineStart = 0

    init(offset: Int) {
        self.offset = offset
    }

    var isEmpty: Bool { bytes.isEmpty }
    /// Where the current line starts in the body.
    var currentLineOffset: Int { offset + lineStart }
    /// The current line as received so far, its line break included.
    var currentLine: ArraySlice<UInt8> { bytes[lineStart...] }

    mutating func consume(_ chunk: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int, delimiterLine: [UInt8])
        -> (outcome: Outcome, next: Int)
    {
        var index = start
        while index < chunk.count {
            let byte = chunk[index]
            index += 1
            bytes.append(byte)
            if bytes.count > limit { return (.tooLarge, index) }
            guard byte == ASCII.lineFeed, bytes.count - lineStart >= 2, bytes[bytes.count - 2] == ASCII.carriageReturn
            else { continue }
            let line = bytes[lineStart..<(bytes.count - 2)]
            if line.isEmpty { return (.complete, index) }
            if let problem = record(line, delimiterLine: delimiterLine) { return (.notAHeader(problem), index) }
            lineStart = bytes.count
        }
        return (.incomplete, index)
    }

    /// Why the unfinished current line cannot become a header line, if it cannot.
    func currentLineProblem(delimiterLine: [UInt8]) -> LineProblem? {
        // Trailing CR and LF are a line break under way (or the one that overflowed the section).
        let end = bytes[lineStart...].lastIndex { $0 != ASCII.carriageReturn && $0 != ASCII.lineFeed } ?? lineStart - 1
        let line = bytes[lineStart..<(end + 1)]
        switch classify(line, delimiterLine: delimiterLine) {
        case .delimiter: return .delimiter
        case .content: return .content
        case .continuation, .header: return nil
        }
    }

    private enum LineKind {
        case delimiter
        case content
        case continuation
        case header(name: ArraySlice<UInt8>, colon: Int?)
    }

    /// Sorts a line, complete or not; a `.header` without a colon is a header only if more bytes bring one.
    private func classify(_ line: ArraySlice<UInt8>, delimiterLine: [UInt8]) -> LineKind {
        if line.starts(with: delimiterLine) { return .delimiter }
        // obs-fold: a line starting with a space continues the previous header's value.
        if !headers.isEmpty, line.first.map(ASCII.isWhitespace) == true { return .continuation }
        let colon = line.firstIndex(of: ASCII.colon)
        let name = trimmingWhitespace(line[..<(colon ?? line.endIndex)])
        guard name.allSatisfy(ASCII.isTokenCharacter), colon == nil || !name.isEmpty else { return .content }
        return .header(name: name, colon: colon)
    }

    /// Adds a complete header line, or tells why it is not one.
    private mutating func record(_ line: ArraySlice<UInt8>, delimiterLine: [UInt8]) -> LineProblem? {
        switch classify(line, delimiterLine: delimiterLine) {
        case .delimiter:
            return .delimiter
        case .content, .header(_, nil):
            return .content
        case .continuation:
            let last = headers.count - 1
            if !headers[last].value.isEmpty { headers[last].value.append(ASCII.space) }
            headers[last].value += trimmingWhitespace(line)
            return nil
        case .header(let name, let colon?):
            let value = trimmingWhitespace(line[(colon + 1)...])
            headers.append(RawHeader(offset: offset + lineStart, name: Array(name), value: Array(value)))
            return nil
        }
    }
}
