/// A stretch of an accepted body: what `openmarket explain` draws line by line. Derived from the reading's part
/// ranges, so the parser stays the only reader of the bytes.
public struct MultipartSegment: Sendable, Equatable {
    public enum Role: Sendable, Equatable {
        /// Bytes before the first delimiter, which the parser skips.
        case preamble
        /// A delimiter line, with the CRLF in front of it that belongs to it.
        case delimiter
        /// A part's headers and the blank line after them.
        case headers(part: Int)
        case content(part: Int)
        /// The closing delimiter (or, for a v1 body that stops after a delimiter line, that line) and the epilogue.
        case closing
    }

    public let role: Role
    public let range: Range<Int>
}

extension MultipartReading {
    /// The body's stretches in order; empty for a refused body, whose parts are unknown.
    public func segments(bodyLength: Int) -> [MultipartSegment] {
        guard let first = parts.first else { return [] }
        var segments: [MultipartSegment] = []
        func add(_ role: MultipartSegment.Role, _ range: Range<Int>) {
            if !range.isEmpty { segments.append(MultipartSegment(role: role, range: range)) }
        }
        // The first delimiter line is `--boundary` and its line break, with no CRLF in front to count.
        let delimiterLength = ("--" + (boundary ?? "")).utf8.count
        let firstLineEnd = first.headerRange.lowerBound
        let firstDelimiterStart = max(0, firstLineEnd - delimiterLength - (firstLineEnd >= 2 ? 2 : 1))
        add(.preamble, 0..<firstDelimiterStart)
        var cursor = firstDelimiterStart
        for part in parts {
            add(.delimiter, cursor..<part.headerRange.lowerBound)
            add(.headers(part: part.index), part.headerRange)
            add(.content(part: part.index), part.bodyRange)
            cursor = part.bodyRange.upperBound
        }
        add(.closing, cursor..<bodyLength)
        return segments
    }
}
