import OpenMarketHTTPCore
import OpenMarketMultipart
import OpenMarketStore
import OpenMarketWireFormat

/// The text fields of a v1 POST or PATCH body (`title`, `descriptions`, `price`, `currency`, `stock`,
/// `discounted_price`, `password`): from multipart, each read from the first part with its name; from JSON, the
/// members of those names. Numbers are decimal integers, as the real server's `Int` fields took them.
struct VaporItemForm {
    /// The largest price or discount: every whole number up to 2^53 survives the store's double exactly.
    static let largestAmount: Int64 = 1 << 53
    static let keys = ["title", "descriptions", "price", "currency", "stock", "discounted_price", "password"]
    /// The fields read as whole numbers.
    static let wholeNumberKeys: Set<String> = ["price", "stock", "discounted_price"]

    private let fields: [String: String]
    /// Where the fields came from, so that a missing one is asked for in the body's own terms.
    private let source: APIError.FieldPlace

    init(fields: [String: String], source: APIError.FieldPlace) {
        self.fields = fields
        self.source = source
    }

    init(parts: [MultipartPart]) throws(APIError) {
        var fields: [String: String] = [:]
        for part in parts where !MultipartBody.isImagePart(part) && fields[part.name] == nil {
            let text = String(decoding: part.body, as: UTF8.self)
            guard text.utf8.elementsEqual(part.body) else {
                throw .textPartNotUTF8(part: part.name)
            }
            fields[part.name] = text
        }
        self.init(fields: fields, source: .multipartPart)
    }

    func text(_ name: String) -> String? {
        fields[name]
    }

    /// A create's fields: all but `discounted_price` are required.
    func draft() throws(APIError) -> ProductFields {
        ProductFields(
            name: try present(text("title"), "title"),
            description: try present(text("descriptions"), "descriptions"),
            price: Double(try present(amount("price"), "price")),
            currency: try present(text("currency"), "currency"),
            discountedPrice: try amount("discounted_price").map(Double.init),
            stock: try present(whole("stock"), "stock"))
    }

    /// A patch's fields: any subset.
    func patch() throws(APIError) -> ProductPatch {
        ProductPatch(
            name: text("title"),
            description: text("descriptions"),
            price: try amount("price").map(Double.init),
            currency: text("currency"),
            discountedPrice: try amount("discounted_price").map(Double.init),
            stock: try whole("stock"))
    }

    private func whole(_ name: String) throws(APIError) -> Int64? {
        guard let text = fields[name] else { return nil }
        guard let value = Int64(text) else {
            throw .notWholeNumber(field: name, got: text)
        }
        return value
    }

    private func amount(_ name: String) throws(APIError) -> Int64? {
        guard let value = try whole(name) else { return nil }
        try Self.checkRange(value, name)
        return value
    }

    /// An amount given as a number rather than a field's text (a product inserted without the API), refused as the
    /// field would be; `got` shows it as Swift writes a `Double` (`10.5`).
    static func checkAmount(_ value: Double, _ name: String) throws(APIError) {
        guard let whole = Int64(exactly: value) else {
            throw .notWholeNumber(field: name, got: "\(value)")
        }
        try checkRange(whole, name)
    }

    private static func checkRange(_ value: Int64, _ name: String) throws(APIError) {
        guard value.magnitude <= largestAmount.magnitude else {
            throw .amountOutOfRange(field: name, got: value, limit: largestAmount)
        }
    }

    private func present<T>(_ value: T?, _ name: String) throws(APIError) -> T {
        guard let value else {
            throw .missingField(name, place: source)
        }
        return value
    }
}
