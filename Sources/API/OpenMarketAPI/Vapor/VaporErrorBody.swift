import OpenMarketHTTPCore
import OpenMarketWireFormat

/// v1a answered every error with Vapor's default body, `{"error":true,"reason":"..."}` (v1b's is `V1bErrorBody`).
enum VaporErrorBody {
    static func render(_ error: HTTPError) -> Response {
        var writer = JSONWriter(reservingCapacity: 64 + error.message.utf8.count)
        writer.beginObject()
        writer.field("error", true)
        writer.field("reason", error.message)
        writer.endObject()
        return VaporResponse.json(status: error.status, writer.bytes)
    }
}
