import OpenMarketMultipart
import OpenMarketWireFormat

/// A body's stretches as the page draws them: `{"kind", "part"?, "start", "end"}`, offsets in body bytes,
/// `end` excluded. Kinds: preamble, delimiter, headers, content, closing (and whatever else the module's reading
/// names); `part` (from 1) on headers and content.
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

    /// The role's case name is its kind, so a role the OpenMarketMultipart module adds (such as the rest of a refused
    /// body) reaches the page under its own name without a change here.
    private static func describe(_ role: MultipartSegment.Role) -> (kind: String, part: Int?) {
        if case .headers(let part) = role { return ("headers", part) }
        if case .content(let part) = role { return ("content", part) }
        return (String(describing: role), nil)
    }
}
