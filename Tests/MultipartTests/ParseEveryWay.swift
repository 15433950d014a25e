import OpenMarketMultipart
import Testing

typealias ParseResult = Result<[MultipartPart], MultipartError>

/// Feeds `body` to a new parser in the given pieces.
func parse(_ body: [UInt8], contentType: String, limits: MultipartLimits = MultipartLimits(),
           ending: MultipartEnding = .closeDelimiter, pieces: [Range<Int>]) -> ParseResult {
    do throws(MultipartError) {
        var parser = try MultipartParser(contentType: contentType, limits: limits, ending: ending)
        for piece in pieces {
            try parser.feed(body[piece])
        }
        return .success(try parser.finish())
    } catch {
        return .failure(error)
    }
}

/// Parses `body` whole, split in two at every position, and one byte at a time; expects all of them
/// to give the same parts or the same error, and returns that result.
func parseEveryWay(
    _ body: [UInt8], contentType: String, limits: MultipartLimits = MultipartLimits(),
    ending: MultipartEnding = .closeDelimiter, sourceLocation: SourceLocation = #_sourceLocation
) -> ParseResult {
    let whole = parse(body, contentType: contentType, limits: limits, ending: ending, pieces: [0..<body.count])
    let split = (0...body.count).first { position in
        parse(body, contentType: contentType, limits: limits, ending: ending,
              pieces: [0..<position, position..<body.count]) != whole
    }
    #expect(split == nil, "split at byte \(split ?? 0) differs from the whole body", sourceLocation: sourceLocation)
    let oneByOne = parse(
        body, contentType: contentType, limits: limits, ending: ending, pieces: body.indices.map { $0..<($0 + 1) })
    #expect(oneByOne == whole, "one byte at a time differs from the whole body", sourceLocation: sourceLocation)
    return whole
}

extension ParseResult {
    var parts: [MultipartPart]? {
        guard case .success(let parts) = self else { return nil }
        return parts
    }

    var error: MultipartError? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
