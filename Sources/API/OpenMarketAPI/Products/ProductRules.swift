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
        try validate(imageSizes: images.map(\.bytes.count))
    }

    /// Checks images by their sizes in bytes, in order: all the rules ask of an image that is a picture.
    func validate(imageSizes: [Int]) throws(APIError) {
        guard !imageSizes.isEmpty else {
            throw .noImage
        }
        guard strict else { return }
        guard Self.strictImageCount.contains(imageSizes.count) else {
            throw .strictImageCount(allowed: Self.strictImageCount, got: imageSizes.count)
        }
        for (position, size) in imageSizes.enumerated() where size > Self.maxStrictImageBytes {
            throw .strictImageSize(position: position + 1, bytes: size, maxBytes: Self.maxStrictImageBytes)
        }
    }
}
