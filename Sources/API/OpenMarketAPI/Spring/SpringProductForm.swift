import OpenMarketHTTPCore
import OpenMarketStore

/// Reads the product fields of a v2 `params` part or PATCH body, as leniently as real clients needed (docs/wire-format.md §6.1):
/// either description key, numbers as JSON strings, unknown keys ignored.
struct SpringProductForm: Sendable {
    let descriptionKeys: [String]

    /// A missing `discounted_price` is stored as 0, as v2 showed it (docs/wire-format.md §6.5).
    func draft(from object: RequestJSON.Object) throws(APIError) -> ProductFields {
        ProductFields(
            name: try required(object.string("name"), "name", example: "\"name\":\"MacBook Pro\""),
            description: try description(in: object) ?? "",
            price: try required(object.double("price"), "price", example: "\"price\":1690000"),
            currency: try required(object.string("currency"), "currency", example: "\"currency\":\"KRW\""),
            discountedPrice: try object.double("discounted_price") ?? 0,
            stock: try object.int64("stock") ?? 0)
    }

    func patch(from object: RequestJSON.Object) throws(APIError) -> ProductPatch {
        ProductPatch(
            name: try object.string("name"),
            description: try description(in: object),
            price: try object.double("price"),
            currency: try object.string("currency"),
            discountedPrice: try object.double("discounted_price"),
            stock: try object.int64("stock"),
            thumbnailImageID: try object.int64("thumbnail_id"))
    }

    /// The first spelling sent wins, but every one is read: a mistyped one is a 400 even beside the winner, as the
    /// document says and as Jackson refused a mistyped member whatever else the body held.
    private func description(in object: RequestJSON.Object) throws(APIError) -> String? {
        var found: String?
        for key in descriptionKeys {
            let text = try object.string(key)
            found = found ?? text
        }
        return found
    }

    private func required<T>(_ value: T?, _ key: String, example: String) throws(APIError) -> T {
        guard let value else {
            throw .missingField(key, place: .productJSON(example: example))
        }
        return value
    }
}
