import HTTPServer
import MarketAPI
import MarketStore
import WireFormat

/// camp-open-market.herokuapp.com, Jan – Feb 2021: DELETE takes `{"id","password"}` and answers `{"id"}`.
public typealias V1aGeneration = VaporGeneration<V1aDialect>

public enum V1aDialect: VaporDialect {
    public static let name = "v1a"

    /// v1a apps sent the id in the body as well as in the path. Without it the path's id is enough; an id that
    /// names another item is a client bug, answered 400 rather than deleting either item.
    public static func checkDeleteBody(_ body: RequestJSON.Object, itemID: Int64) throws(HTTPError) {
        guard let bodyID = try body.int64("id"), bodyID != itemID else { return }
        throw HTTPError(
            status: .badRequest,
            message: "the body's \"id\" (\(bodyID)) is not the id in the path (\(itemID)); send the same item id in both")
    }

    public static func deletedItemBody(_ item: Product, items: VaporItemWriter) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 32)
        writer.beginObject()
        writer.field("id", item.id)
        writer.endObject()
        return writer.bytes
    }
}
