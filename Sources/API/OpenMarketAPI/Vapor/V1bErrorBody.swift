import OpenMarketHTTPCore
import OpenMarketWireFormat

/// v1b answered every error as `{"message":"..."}` alone (docs/wire-format.md §6.9), with Vapor's JSON media type.
enum V1bErrorBody {
    static func render(_ error: HTTPError) -> Response {
        var writer = JSONWriter(reservingCapacity: 32 + error.message.utf8.count)
        writer.beginObject()
        writer.field("message", error.message)
        writer.endObject()
        return VaporResponse.json(status: error.status, writer.bytes)
    }
}
