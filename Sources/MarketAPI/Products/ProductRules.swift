import HTTPCore
import WireFormat
import MarketStore

/// What a product must satisfy. By default only what the real server enforced; `--strict` adds the course rules.
struct ProductRules: Sendable {
    /// nil accepts any non-empty currency (v1); v2 accepted exactly KRW and USD.
    let currencies: [String]?
    let strict: Bool
    /// The request keys of the name and the description, so messages use the generation's words (v1 `title`).
    let nameKey: String
    let descriptionKey: String

    static let maxStrictImageBytes = 300 * 1024
    static let strictImageCount = 1...5
    static let strictNameLength = 3...100
    static let strictDescriptionLength = 10...1000

    init(currencies: [String]?, strict: Bool, nameKey: String = "name", descriptionKey: String = "description") {
        self.currencies = currencies
        self.strict = strict
        self.nameKey = nameKey
        self.descriptionKey = descriptionKey
    }

    /// Checks a product as it will be stored, after a create or a patch.
    func validate(_ fields: ProductFields) throws(HTTPError) {
        // Java wrote an infinite bargain price as a string, which no client decodes as a number.
        guard (fields.price - (fields.discountedPrice ?? 0)).isFinite else {
            throw HTTPError(
                status: .badRequest,
                message: "\"price\" (\(fields.price)) minus \"discounted_price\" (\(fields.discountedPrice ?? 0)) is too "
                    + "large to store; send amounts below 1e300")
        }
        if let currencies, !currencies.contains(fields.currency) {
            throw HTTPError(
                status: .badRequest,
                message: "\"currency\" must be \(currencies.map { "\"\($0)\"" }.joined(separator: " or ")); got \(MessageQuoting.quoted(fields.currency))")
        }
        if currencies == nil, fields.currency.isEmpty {
            throw HTTPError(status: .badRequest, message: "\"currency\" must not be empty; send a code such as KRW or USD")
        }
        guard strict else { return }
        try check(fields.name.count, within: Self.strictNameLength, "\"\(nameKey)\" must have \(Self.strictNameLength.lowerBound) to \(Self.strictNameLength.upperBound) characters")
        try check(
            fields.description.count, within: Self.strictDescriptionLength,
            "\"\(descriptionKey)\" must have \(Self.strictDescriptionLength.lowerBound) to \(Self.strictDescriptionLength.upperBound) characters")
        if let discount = fields.discountedPrice, discount > fields.price {
            throw HTTPError(
                status: .badRequest,
                message: "--strict: \"discounted_price\" (\(discount)) must not be more than \"price\" (\(fields.price))")
        }
    }

    /// Checks the images of a create, or the replacement images of a v1 patch.
    func validate(_ images: [ImageUpload]) throws(HTTPError) {
        guard !images.isEmpty else {
            throw HTTPError(
                status: .badRequest,
                message: "at least one image is required: add a file part named \"images\" with a JPEG, PNG, GIF or WebP")
        }
        guard strict else { return }
        try check(images.count, within: Self.strictImageCount, "a product takes \(Self.strictImageCount.lowerBound) to \(Self.strictImageCount.upperBound) images")
        for (position, image) in images.enumerated() where image.bytes.count > Self.maxStrictImageBytes {
            throw HTTPError(
                status: .badRequest,
                message: "--strict: image \(position + 1) has \(image.bytes.count) bytes; each image may have at most "
                    + "\(Self.maxStrictImageBytes) bytes (300 KB), so compress it before uploading")
        }
    }

    private func check(_ value: Int, within range: ClosedRange<Int>, _ rule: String) throws(HTTPError) {
        guard range.contains(value) else {
            throw HTTPError(status: .badRequest, message: "--strict: \(rule); got \(value)")
        }
    }
}
