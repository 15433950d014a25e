import Multipart
import WireFormat

/// A body's stretches as the page draws them: `{"kind", "part"?, "start", "end"}`, offsets in body bytes,
/// `end` excluded. Kinds: preamble, delimiter, headers, content, closing; `part` (from 1) on headers and content.
enum MultipartSegmentJSON {
    static func write(_ json: inout JSONWriter, _ segments: [MultipartSegment]) {
        json.array { json in
            for segment in segments {
                json.object { json in
                    let (kind, part) = describe(segment.role)
                    json.field("kind", kind)
                    if let part { json.field("part", part) }
                    json.field("start", segment.range.lowerBound)
                    json.field("end", segment.range.upperBound)
                }
            }
        }
    }

    private static func describe(_ role: MultipartSegment.Role) -> (String, Int?) {
        switch role {
        case .preamble: ("preamble", nil)
        case .delimiter: ("delimiter", nil)
        case .headers(let part): ("headers", part)
        case .content(let part): ("content", part)
        case .closing: ("closing", nil)
        }
    }
}
