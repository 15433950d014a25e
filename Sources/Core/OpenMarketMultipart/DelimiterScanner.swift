/// Finds `CRLF--boundary` in a body that arrives in chunks, reporting the bytes before it as content.
///
/// It jumps between carriage returns with memchr and compares the delimiter there. The boundary holds
/// no CR (so the delimiter's first byte occurs nowhere else in it): a failed comparison never hides
/// another candidate start, and the work stays linear in the body length whatever the bytes are.
/// A match cut by the end of a chunk is held as a count of matched delimiter bytes; they are known,
/// so they need no buffer.
struct DelimiterScanner {
    /// One scan over a chunk: what is content, and where a complete delimiter ends if one was found.
    struct Step {
        /// This many leading delimiter bytes, held back at the end of the previous chunk, turned out to be content.
        var releasedPrefix = 0
        /// The range of the chunk that is content.
        var content: Range<Int>
        /// The index just past a complete delimiter, or nil when the chunk ran out first.
        var delimiterEnd: Int?
    }

    let delimiter: [UInt8]
    /// Delimiter bytes matched at the end of the previous chunk.
    private(set) var matched: Int

    /// `matched` starts the search as if that many delimiter bytes had already been seen: the preamble
    /// scan starts at 2 so that a body opening with `--boundary` (no CRLF) matches too.
    init(delimiter: [UInt8], matched: Int = 0) {
        self.delimiter = delimiter
        self.matched = matched
    }

    mutating func scan(_ chunk: UnsafeBufferPointer<UInt8>, from start: Int) -> Step {
        delimiter.withUnsafeBufferPointer { delimiter in
            scan(chunk, from: start, delimiter: delimiter)
        }
    }

    private mutating func scan(
        _ chunk: UnsafeBufferPointer<UInt8>, from start: Int, delimiter: UnsafeBufferPointer<UInt8>
    ) -> Step {
        guard let chunkBase = chunk.baseAddress, let delimiterBase = delimiter.baseAddress, start < chunk.count
        else { return Step(content: start..<start) }
        var releasedPrefix = 0
        if matched > 0 {
            let count = min(delimiter.count - matched, chunk.count - start)
            if bytesEqual(chunkBase + start, delimiterBase + matched, count: count) {
                matched += count
                guard matched == delimiter.count else { return Step(content: start..<start) }
                matched = 0
                return Step(content: start..<start, delimiterEnd: start + count)
            }
            releasedPrefix = matched
            matched = 0
        }
        var searchFrom = start
        while let candidate = firstIndex(of: delimiter[0], in: chunk, from: searchFrom) {
            let count = min(delimiter.count, chunk.count - candidate)
            // Most carriage returns in binary content are not followed by LF: skip them without a call.
            if count > 1 && chunk[candidate + 1] != delimiter[1] {
                searchFrom = candidate + 1
                continue
            }
            if bytesEqual(chunkBase + candidate, delimiterBase, count: count) {
                guard count == delimiter.count else {
                    matched = count
                    return Step(releasedPrefix: releasedPrefix, content: start..<candidate)
                }
                return Step(releasedPrefix: releasedPrefix, content: start..<candidate,
                            delimiterEnd: candidate + count)
            }
            searchFrom = candidate + 1
        }
        return Step(releasedPrefix: releasedPrefix, content: start..<chunk.count)
    }
}
