import OpenMarketHTTPCore
import OpenMarketMultipart
import OpenMarketVersion
import OpenMarketWireFormat

/// The journal as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), which Chrome DevTools, Charles and
/// Proxyman import: every field the format requires, in its order, entries oldest first.
enum HARDocument {
    static func response(_ newestFirst: [JournalEntry]) -> Response {
        var json = JSONWriter()
        json.object { json in
            json.key("log")
            json.object { json in
                json.field("version", "1.2")
                json.key("creator")
                json.object { json in
                    json.field("name", "openmarket")
                    json.field("version", OpenMarketVersion.current)
                }
                json.key("entries")
                json.array { json in
                    for entry in newestFirst.reversed() {
                        json.object { writeEntry(&$0, entry) }
                    }
                }
            }
        }
        var response = Response(status: .ok, contentType: AdminJSON.contentType, body: json.bytes)
        response.headers.add(name: "Content-Disposition", value: "attachment; filename=\"openmarket.har\"")
        return response
    }

    private static func writeEntry(_ json: inout JSONWriter, _ entry: JournalEntry) {
        let milliseconds = Double(entry.durationMicros) / 1000
        json.field("startedDateTime", UTCTimestamp.format(entry.time))
        json.field("time", milliseconds, .swiftPlain)
        json.key("request")
        json.object { request(&$0, entry) }
        json.key("response")
        json.object { response(&$0, entry) }
        json.key("cache")
        json.object { _ in }
        json.key("timings")
        json.object { json in
            json.field("send", 0)
            json.field("wait", milliseconds, .swiftPlain)
            json.field("receive", 0)
        }
        json.field("comment", "journal entry \(entry.id)")
    }

    private static func request(_ json: inout JSONWriter, _ entry: JournalEntry) {
        let request = entry.request
        json.field("method", request.method.rawValue)
        json.field("url", "\(request.scheme)://\(request.headers["Host"] ?? "localhost")\(request.target)")
        json.field("httpVersion", request.version)
        json.key("cookies")
        json.array { _ in }
        json.key("headers")
        json.headers(request.headers)
        json.key("queryString")
        json.array { json in
            for (name, value) in request.queryParameters.all {
                json.object { json in
                    json.field("name", name)
                    json.field("value", value)
                }
            }
        }
        if entry.requestBody.originalSize > 0 {
            json.key("postData")
            json.object { json in
                json.field("mimeType", request.headers["Content-Type"] ?? "application/octet-stream")
                // HAR's postData has no encoding field: binary parts come out as text with replacement characters,
                // as browsers export them.
                json.field("text", String(decoding: entry.requestBody.bytes, as: UTF8.self))
            }
        }
        json.field("headersSize", -1)
        json.field("bodySize", entry.requestBody.originalSize)
    }

    private static func response(_ json: inout JSONWriter, _ entry: JournalEntry) {
        json.field("status", entry.status.code)
        json.field("statusText", entry.status.reasonPhrase)
        json.field("httpVersion", entry.request.version)
        json.key("cookies")
        json.array { _ in }
        json.key("headers")
        json.headers(entry.sentHeaders)
        json.key("content")
        json.object { json in
            json.field("size", entry.responseBody.originalSize)
            json.field("mimeType", entry.responseHeaders["Content-Type"] ?? "application/octet-stream")
            switch BodyText(entry.responseBody.bytes) {
            case .text(let text):
                json.field("text", text)
            case .base64:
                json.field("text", StandardBase64.encode(entry.responseBody.bytes))
                json.field("encoding", "base64")
            }
        }
        json.field("redirectURL", "")
        json.field("headersSize", -1)
        json.field("bodySize", entry.responseBody.originalSize)
    }
}
