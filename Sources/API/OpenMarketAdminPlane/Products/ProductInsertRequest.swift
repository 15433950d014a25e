import OpenMarketCatalogue
import OpenMarketStore
import OpenMarketWireFormat

/// Reads the body of `POST /__admin/products`: `{"products": [{...}, ...], "allowingWhatTheAPIRefuses": false}`,
/// each product in the words of v2 and its images as standard Base64. Every member is checked and an unknown one
/// refused, naming the product's position, so a typo is a 400 rather than a product that silently lacks a field.
struct ProductInsertRequest {
    static let members = [
        "id", "name", "description", "price", "currency", "discountedPrice", "stock", "vendor", "secret", "images",
        "createdAt",
    ]
    private static let bodyMembers = ["products", "allowingWhatTheAPIRefuses"]

    let products: [InsertedProduct]
    /// Whether products the generation's API would refuse are inserted all the same; false when absent.
    let allowingWhatTheAPIRefuses: Bool

    init(_ body: [UInt8]) throws(AdminError) {
        let object: JSONObject
        do {
            object = try JSONReader.parseObject(body)
        } catch {
            throw .badRequest(
                "the body must be a JSON object such as {\"products\": [{\"name\": \"Mug\", \"price\": 9000, "
                    + "\"images\": [\"<Base64 of a PNG>\"]}]}: \(error)")
        }
        for member in object.members where !Self.bodyMembers.contains(member.key) {
            throw .badRequest(
                "unknown member \(MessageQuoting.quoted(member.key)); the body has only \"products\", an array of products, and "
                    + "\"allowingWhatTheAPIRefuses\", true or false")
        }
        guard case .array(let entries)? = object["products"], !entries.isEmpty else {
            throw .badRequest("\"products\" is required: an array of at least one product")
        }
        switch object["allowingWhatTheAPIRefuses"] {
        case nil: allowingWhatTheAPIRefuses = false
        case .bool(let allowing)?: allowingWhatTheAPIRefuses = allowing
        default:
            throw .badRequest(
                "\"allowingWhatTheAPIRefuses\" must be true (insert products the API would refuse) or false")
        }
        products = try entries.enumerated().map { index, entry throws(AdminError) in try Self.product(entry, at: index) }
    }

    private static func product(_ entry: JSONValue, at index: Int) throws(AdminError) -> InsertedProduct {
        let path = "products[\(index)]"
        guard case .object(let object) = entry else { throw .badRequest("\(path) must be an object") }
        for member in object.members where !members.contains(member.key) {
            throw .badRequest(
                "\(path): unknown member \(MessageQuoting.quoted(member.key)); a product takes \(members.joined(separator: ", "))")
        }
        do {
            guard let name = try object.string("name") else { throw AdminError.badRequest("\(path).name is required") }
            guard let price = try object.double("price") else { throw AdminError.badRequest("\(path).price is required") }
            let fields = ProductFields(
                name: name, description: try object.string("description") ?? "", price: price,
                currency: try object.string("currency") ?? "KRW",
                discountedPrice: try object.double("discountedPrice") ?? 0, stock: try object.int64("stock") ?? 0)
            return InsertedProduct(
                id: try object.int64("id"), vendor: try object.string("vendor"), fields: fields,
                registeredAt: try instant(object, path: path), secret: try object.string("secret"),
                images: try images(object, path: path))
        } catch let error as AdminError {
            throw error
        } catch {
            throw .badRequest("\(path): \(error)")
        }
    }

    private static func images(_ object: JSONObject, path: String) throws(AdminError) -> [[UInt8]] {
        guard case .array(let entries)? = object["images"] else {
            throw .badRequest("\(path).images is required: an array of pictures (JPEG, PNG, GIF or WebP) in Base64")
        }
        return try entries.enumerated().map { position, entry throws(AdminError) in
            guard case .string(let text) = entry else {
                throw .badRequest("\(path).images[\(position)] must be a string, the picture's bytes in Base64")
            }
            do {
                return try StandardBase64.decode(text)
            } catch {
                throw .badRequest("\(path).images[\(position)] is not standard Base64: \(error)")
            }
        }
    }

    /// An ISO 8601 instant, or unix seconds (what a Swift `Date` gives without rounding).
    private static func instant(_ object: JSONObject, path: String) throws(AdminError) -> Double? {
        switch object["createdAt"] {
        case nil, .null?:
            return nil
        case .number(let number)? where number.value.isFinite:
            return number.value
        case .string(let text)?:
            if let seconds = try? ISO8601Instant.parse(text) { return seconds }
            fallthrough
        default:
            throw .badRequest(
                "\(path).createdAt must be an ISO 8601 instant such as \"2021-06-01T09:00:00.000Z\", or unix seconds")
        }
    }
}
