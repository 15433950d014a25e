import OpenMarketHTTPCore
import OpenMarketStore
import OpenMarketWireFormat

/// What a product must satisfy. By default only what the real server enforced; `--strict` adds the course rules.
struct ProductRules: Sendable {
    /// nil accepts any non-empty currency (v1); v2 accepted exactly KRW and USD.
    let currencies: [String]?
    let strict: Bool

    static let maxStrictImageBytes = 300 * 1024
    static let strictImageCount = 1...5
    static let strictNameLength = 3...100
    static let strictDescriptionLength = 10...1000

    /// Checks a product as it will be stored, after a create or a patch.
    func validate(_ fields: ProductFields) throws(APIError) {
        // Java wrote an infinite bargain price as a string, which no client decodes as a number.
        guard (fields.price - (fields.discountedPrice ?? 0)).isFinite else {
            throw .bargainPriceOverflow(price: fields.price, discountedPrice: fields.discountedPrice ?? 0)
        }
        if let currencies, !currencies.contains(fields.currency) {
            throw .unacceptedCurrency(got: fields.currency, accepted: currencies)
        }
        if currencies == nil, fields.currency.isEmpty {
            throw .emptyCurrency
        }
        guard strict else { return }
        guard Self.strictNameLength.contains(fields.name.count) else {
            throw .strictTextLength(.name, allowed: Self.strictNameLength, got: fields.name.count)
        }
        guard Self.strictDescriptionLength.contains(fields.description.count) else {
            throw .strictTextLength(.description, allowed: Self.strictDescriptionLength, got: fields.description.count)
        }
        if let discount = fields.discountedPrice, discount > fields.price {
            throw .strictDiscount(discountedPrice: discount, price: fields.price)
        }
    }

    /// Checks the images of a create, or the replacement images of a v1 patch.
    func validate(_ images: [ImageUpload]) throws(APIError) {
        guard !images.isEmpty else {
            throw .noImage
        }
        guard strict else { return }
        guard Self.strictImageCount.contains(images.count) else {
            throw .strictImageCount(allowed: Self.strictImageCount, got: images.count)
        }
        for (position, image) in images.enumerated() where image.bytes.count > Self.maxStrictImageBytes {
            throw .strictImageSize(position: position + 1, bytes: image.bytes.count, maxBytes: Self.maxStrictImageBytes)
        }
    }
}
