import OpenMarketHTTPCore
import OpenMarketStore
import OpenMarketWireFormat

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
            guard let bodyID = try Self.bodyID(body), bodyID != itemID else { return }
            throw .deleteIDMismatch(bodyID: bodyID, pathID: itemID)
        case .password:
            // One v1b app still sent `id` as well; it is ignored.
            return
        }
    }

    /// v1a's body `id`: a JSON number equal to a whole number (`7`, also `7.0`: docs/wire-format.md §6.8), or a
    /// string holding decimal digits, spaces around allowed, read digit for digit as v1 reads every number sent as
    /// text (`"7.0"` is a 400 here as it is on create). A string of spaces, like null, is no id.
    private static func bodyID(_ body: RequestJSON.Object) throws(APIError) -> Int64? {
        guard case .string(let text)? = body.object["id"] else {
            return try body.int64("id")
        }
        let digits = text.trimmingSpaces
        if digits.isEmpty {
            return nil
        }
        // Int64(_:) takes an optional sign and ASCII digits, nothing else.
        guard let id = Int64(digits) else {
            throw .notWholeNumber(field: "id", got: text)
        }
        return id
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
