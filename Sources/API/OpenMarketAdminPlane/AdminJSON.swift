import OpenMarketHTTPCore
import OpenMarketWireFormat

/// Admin answers are JSON with camelCase keys.
enum AdminJSON {
    static let contentType = "application/json; charset=utf-8"

    static func response(status: HTTPStatus = .ok, _ write: (inout JSONWriter) -> Void) -> Response {
        var json = JSONWriter()
        write(&json)
        return Response(status: status, contentType: contentType, body: json.bytes)
    }
}

extension JSONWriter {
    /// `{"name": ..., "value": ...}` per header, in order: a list keeps repeats and order, an object would not.
    mutating func headers(_ headers: HTTPHeaders) {
        array { json in
            for header in headers {
                json.object {
                    $0.field("name", header.name)
                    $0.field("value", header.value)
                }
            }
        }
    }
}
