import OpenMarketHTTPCore
import OpenMarketMultipart
import OpenMarketWireFormat

/// The journal's JSON answers: a list of summaries, and one entry in full.
enum JournalJSON {
    /// `latestId` (the last id given) and `oldestId` (the oldest held, absent when none) let a poller ask only
    /// for what is newer and notice what went: a clear or eviction leaves it holding ids below `oldestId`.
    static func list(_ entries: [JournalEntry], total: Int, version: JournalVersion) -> Response {
        AdminJSON.response { json in
            json.object { json in
                json.key("requests")
                json.array { json in
                    for entry in entries {
                        json.object { summary(&$0, entry) }
                    }
                }
                json.field("total", total)
                json.field("latestId", version.latestID)
                if let oldest = version.oldestID {
                    json.field("oldestId", oldest)
                }
            }
        }
    }

    static func summary(_ json: inout JSONWriter, _ entry: JournalEntry) {
        json.field("id", entry.id)
        json.field("time", UTCTimestamp.format(entry.time))
        json.field("durationMicros", entry.durationMicros)
        json.field("method", entry.request.method.rawValue)
        json.field("target", entry.request.target)
        json.field("status", entry.status.code)
        json.field("clientAddress", entry.request.clientAddress)
        json.field("requestBytes", entry.requestBody.originalSize)
        json.field("responseBytes", entry.responseBody.originalSize)
        if let message = entry.errorMessage {
            json.field("error", message)
        }
        if let note = entry.faultNote {
            json.field("fault", note)
        }
    }

    /// The request's `explanation` (in the words of `openmarket explain`) and, for a body the journal cut inside a
    /// multipart part, its `multipart.cutPart`, come after the keys the control-plane document lists.
    static func detail(_ entry: JournalEntry, server: ExplainingServer) -> Response {
        let explanation = BodyExplanation(entry, server: server)
        return AdminJSON.response { json in
            json.object { json in
                summary(&json, entry)
                json.key("request")
                json.object { json in
                    json.field("line", "\(entry.request.method.rawValue) \(entry.request.target) \(entry.request.version)")
                    json.key("headers")
                    json.headers(entry.request.headers)
                    json.key("body")
                    body(&json, entry.requestBody)
                    if let reading = explanation.reading {
                        json.key("multipart")
                        multipart(&json, reading, body: entry.requestBody.bytes, cutPart: explanation.cutPart)
                    }
                    json.field("explanation", explanation.text)
                }
                json.key("response")
                json.object { json in
                    json.field("status", entry.status.code)
                    json.field("reason", entry.status.reasonPhrase)
                    json.key("headers")
                    json.headers(entry.sentHeaders)
                    json.key("body")
                    body(&json, entry.responseBody)
                    if let message = entry.errorMessage {
                        json.field("error", message)
                    }
                }
            }
        }
    }

    private static func body(_ json: inout JSONWriter, _ body: KeptBody) {
        json.object { json in
            json.field("size", body.originalSize)
            json.field("truncated", body.isTruncated)
            switch BodyText(body.bytes) {
            case .text(let text): json.field("text", text)
            case .base64: json.field("base64", StandardBase64.encode(body.bytes))
            }
        }
    }

    private static func multipart(
        _ json: inout JSONWriter, _ reading: MultipartReading, body: [UInt8], cutPart: (index: Int, name: String?)?
    ) {
        json.object { json in
            if let boundary = reading.boundary {
                json.field("boundary", boundary)
            }
            json.key("parts")
            json.array { json in
                for part in reading.parts {
                    json.object { json in
                        json.field("index", part.index)
                        json.field("name", part.name)
                        optional(&json, "filename", part.filename)
                        optional(&json, "declaredContentType", part.declaredContentType)
                        optional(&json, "sniffedContentType", part.sniffedContentType)
                        json.key("headerRange")
                        range(&json, part.headerRange)
                        json.key("bodyRange")
                        range(&json, part.bodyRange)
                        json.field("size", part.size)
                    }
                }
            }
            if let rejection = reading.rejection {
                json.key("rejection")
                json.object { json in
                    json.field("kind", rejection.kind.rawValue)
                    if let offset = rejection.offset { json.field("offset", offset) }
                    if let part = rejection.part { json.field("part", part) }
                    optional(&json, "partName", rejection.partName)
                    json.field("message", rejection.message)
                }
                json.field("correctBodySketch", reading.correctBodySketch(body: body, describe: ImageSize.summary))
            }
            json.key("segments")
            MultipartSegmentJSON.write(&json, reading.segments(bodyLength: body.count))
            json.key("advice")
            json.array { json in
                for line in MultipartFix.advice(for: reading, body: body) {
                    json.value(line)
                }
            }
            if let cutPart {
                json.key("cutPart")
                json.object { json in
                    json.field("index", cutPart.index)
                    optional(&json, "name", cutPart.name)
                }
            }
        }
    }

    /// `[start, end)` in body bytes.
    private static func range(_ json: inout JSONWriter, _ range: Range<Int>) {
        json.array { json in
            json.value(range.lowerBound)
            json.value(range.upperBound)
        }
    }

    private static func optional(_ json: inout JSONWriter, _ key: StaticString, _ value: String?) {
        if let value {
            json.field(key, value)
        }
    }
}
