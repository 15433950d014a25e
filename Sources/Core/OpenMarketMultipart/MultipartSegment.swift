/// A stretch of a body as the parser read it: what the admin page and `openmarket explain` draw line by line.
/// The segments of a body tile it: in order, without gaps or overlaps, from byte 0 to its end.
package struct MultipartSegment: Sendable, Equatable {
    package enum Role: Sendable, Equatable {
        /// Bytes before the first delimiter, which the parser skips.
        case preamble
        /// A delimiter line, with the CRLF in front of it that belongs to it.
        case delimiter
        /// A part's headers and the blank line after them.
        case headers(part: Int)
        case content(part: Int)
        /// The closing delimiter (or, for a v1 body that stops after a delimiter line, that line) and the epilogue.
        case closing
        /// Of a refused body, from the refusal (or the end of the last stretch read whole) to the end: bytes the
        /// server did not read as parts.
        case rest
    }

    package let role: Role
    package let range: Range<Int>

    package init(role: Role, range: Range<Int>) {
        self.role = role
        self.range = range
    }
}

/// The segments the parser has read: the finished ones, and the one it is reading now, which runs to wherever the
/// reading stops.
struct SegmentRecorder {
    private(set) var finished: [MultipartSegment] = []
    private var current = (role: MultipartSegment.Role.preamble, start: 0)

    /// Ends the current segment at `offset` and starts one with `role` there.
    mutating func begin(_ role: MultipartSegment.Role, at offset: Int) {
        if offset > current.start {
            finished.append(MultipartSegment(role: current.role, range: current.start..<offset))
        }
        current = (role, offset)
    }

    /// The current segment turned out to be something else (a delimiter line followed by `--` is the closing one).
    mutating func relabel(_ role: MultipartSegment.Role) {
        current.role = role
    }

    /// Drops the empty current segment and makes the last finished one current again as `role`: the delimiter line
    /// a v1 body ends with is its closing delimiter.
    mutating func reopenLast(as role: MultipartSegment.Role) {
        guard let last = finished.popLast() else { return }
        current = (role, last.range.lowerBound)
    }

    /// The finished segments, then the current one up to `end` when it reaches past its start.
    func segments(endingAt end: Int) -> [MultipartSegment] {
        end > current.start ? finished + [MultipartSegment(role: current.role, range: current.start..<end)] : finished
    }
}
