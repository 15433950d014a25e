import OpenMarketMultipart
import OpenMarketMultipartSamples
import Testing

/// The segments of a body come from the parser and tile it: in order, no gap, no overlap, from 0 to its length.
struct MultipartSegmentTests {
    static func reading(_ body: [UInt8], _ contentType: String, ending: MultipartEnding = .closeDelimiter)
        -> MultipartReading
    {
        MultipartReading(body: body, contentType: contentType, ending: ending, sniff: { _ in nil })
    }

    static func expectTiling(_ segments: [MultipartSegment], count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        var next = 0
        for segment in segments {
            #expect(segment.range.lowerBound == next, "\(segments)", sourceLocation: sourceLocation)
            #expect(!segment.range.isEmpty, "\(segments)", sourceLocation: sourceLocation)
            next = segment.range.upperBound
        }
        #expect(next == count, "\(segments)", sourceLocation: sourceLocation)
    }

    @Test(arguments: ClientVariants.variants, [MultipartEnding.closeDelimiter, .closeDelimiterOrLastDelimiterLine])
    func tileEveryAcceptedClientVariant(variant: ClientVariants.Variant, ending: MultipartEnding) throws {
        let reading = Self.reading(variant.body, variant.contentType, ending: ending)
        #expect(reading.rejection == nil)
        let segments = reading.segments(bodyLength: variant.body.count)
        Self.expectTiling(segments, count: variant.body.count)
        for part in reading.parts {
            #expect(segments.contains(MultipartSegment(role: .headers(part: part.index), range: part.headerRange)))
            #expect(segments.contains(MultipartSegment(role: .content(part: part.index), range: part.bodyRange)))
        }
        let delimiter = bytes("--" + ClientVariants.boundary)
        for segment in segments where segment.role == .delimiter || segment.role == .closing {
            #expect(variant.body[segment.range].starts(with: delimiter)
                    || variant.body[segment.range].starts(with: bytes("\r\n") + delimiter))
        }
        #expect(segments.last?.role == .closing)
    }

    @Test(arguments: BrokenBodies.all)
    func tileEveryRefusedBodyUpToTheErrorThenTheRest(broken: BrokenBodies.Broken) throws {
        let reading = Self.reading(broken.body, broken.contentType)
        let rejection = try #require(reading.rejection)
        #expect(rejection.kind == broken.kind)
        let segments = reading.segments(bodyLength: broken.body.count)
        Self.expectTiling(segments, count: broken.body.count)
        // Nothing the parser read starts after the error; what follows it is one `.rest`.
        for segment in segments.dropLast() {
            #expect(segment.role != .rest)
            #expect(segment.range.lowerBound <= rejection.offset ?? 0, "\(segments)")
        }
        if let last = segments.last, last.range.lowerBound > rejection.offset ?? 0 {
            #expect(last.role == .rest)
        }
        // The parts completed before the error are kept, and only those.
        for part in reading.parts {
            #expect(part.bodyRange.upperBound <= rejection.offset ?? 0)
            #expect(part.index < broken.part ?? .max)
        }
    }

    @Test func aRefusedBodyKeepsThePartsBeforeItsError() throws {
        let broken = try #require(BrokenBodies.inBody.first { $0.label.hasPrefix("no blank line between the image") })
        let reading = Self.reading(broken.body, broken.contentType)
        #expect(reading.parts.map(\.name) == ["params"])
        #expect(reading.segments(bodyLength: broken.body.count).map(\.role) == [
            .delimiter, .headers(part: 1), .content(part: 1), .delimiter, .headers(part: 2), .rest,
        ])
    }

    @Test func theFirstDelimiterStartsAfterAPreambleWithPaddingAndLFs() throws {
        // A guess from lengths put the first delimiter in the wrong place after a preamble ending in LF alone
        // and transport padding; the parser knows where it matched.
        let body = bytes("junk\n\r\n--B \t\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nv\r\n--B--")
        let reading = Self.reading(body, "multipart/form-data; boundary=B")
        let segments = reading.segments(bodyLength: body.count)
        #expect(segments.first == MultipartSegment(role: .preamble, range: 0..<5))
        #expect(segments.dropFirst().first == MultipartSegment(role: .delimiter, range: 5..<14))
        Self.expectTiling(segments, count: body.count)
    }

    @Test func aV1BodyEndingAfterADelimiterLineClosesWithThatLine() throws {
        let body = bytes(BrokenBodies.paramsPart + "--X\r\n")
        let reading = Self.reading(body, BrokenBodies.contentType, ending: .closeDelimiterOrLastDelimiterLine)
        #expect(reading.rejection == nil)
        let segments = reading.segments(bodyLength: body.count)
        #expect(segments.last == MultipartSegment(role: .closing, range: BrokenBodies.paramsPart.utf8.count - 2..<body.count))
        Self.expectTiling(segments, count: body.count)
    }
}
