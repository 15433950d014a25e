import OpenMarketHTTPCore
import OpenMarketWireFormat

/// The v2 servers (Spring Boot) answered every error as `{"code":<status>,"message":"..."}`.
enum SpringErrorBody {
    static func render(_ error: HTTPError) -> Response {
        var writer = JSONWriter(reservingCapacity: 64 + error.message.utf8.count)
        writer.beginObject()
        writer.field("code", error.status.code)
        writer.field("message", error.message)
        writer.endObject()
        return Response(status: error.status, contentType: "application/json", body: writer.bytes)
    }
}
