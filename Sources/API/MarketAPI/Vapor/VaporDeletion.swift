import HTTPCore
import MarketStore
import WireFormat

/// What v1a and v1b do differently: only how DELETE is asked and answered (§2.4 of docs/wire-format.md).
/// Everything else of the Vapor server is `VaporAPI`.
enum VaporDeletion: Sendable {
    /// v1a: the body carries the item's `id` beside the password, and the answer is `{"id"}`.
    case idAndPassword
    /// v1b: only the password counts, and the answer is the deleted item.
    case password

    /// Checks what the DELETE body carries besides the password; unknown keys are never an error.
    func checkBody(_ body: RequestJSON.Object, itemID: Int64) throws(APIError) {
        switch self {
        case .idAndPassword:
            // v1a apps sent the id in the body as well as in the path. Without it the path's id is enough; an id
            // that names another item is a client bug, answered 400 rather than deleting either item.
            guard let bodyID = try body.int64("id"), bodyID != itemID else { return }
            throw .deleteIDMismatch(bodyID: bodyID, pathID: itemID)
        case .password:
            // One v1b app still sent `id` as well; it is ignored.
            return
        }
    }

    /// The body of a successful DELETE.
    func answer(_ item: Product, items: VaporItemWriter) -> [UInt8] {
        switch self {
        case .idAndPassword:
            var writer = JSONWriter(reservingCapacity: 32)
            writer.beginObject()
            writer.field("id", item.id)
            writer.endObject()
            return writer.bytes
        case .password:
            return items.detail(item)
        }
    }
}
