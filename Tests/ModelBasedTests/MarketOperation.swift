/// One step of a sequence the model-based tests run against the model and the emulator alike. Products are named by
/// id, as a client names them: after a shrink removed the create that made an id, the step meets a missing product
/// on both sides, which is still a comparison.
///
/// `description` is the step as Swift source, so a shrunk failing sequence prints as a test to paste.
enum MarketOperation: Equatable, Sendable, CustomStringConvertible {
    /// `vendor` is 0 or 1 (two configured vendors); v1 has none and ignores it. Zero images is refused.
    case create(name: String, vendor: Int, images: Int)
    /// A rename and a new price, by `vendor` (v2) or with the right or wrong password (v1, `vendor` 1 is wrong).
    /// `images` replaces the images where the generation can (v1, the store).
    case patch(id: Int64, name: String?, price: Int?, vendor: Int, images: Int?)
    /// The whole delete flow of the generation, by `vendor`.
    case delete(id: Int64, vendor: Int)
    /// The first step of a v2 delete alone (v2b's sets the product's delete token, a write).
    case secretLookup(id: Int64, vendor: Int)
    /// Renames a vendor where that is possible without a restart (the store); a search matches vendor names too.
    case renameVendor(vendor: Int, name: String)
    case reset
    case snapshot(String)
    case restore(String)
    /// `count` products named `MarketNames.inserted(first + k)`, in one call; `id`, when given, is the first one's.
    case insert(first: Int, count: Int, id: Int64?)
    case list(page: Int, size: Int, search: String?)
    case detail(id: Int64)

    var isWrite: Bool {
        switch self {
        case .list, .detail: false
        default: true
        }
    }

    var description: String {
        func text(_ value: String?) -> String { value.map { String(reflecting: $0) } ?? "nil" }
        func number(_ value: (some BinaryInteger)?) -> String { value.map { "\($0)" } ?? "nil" }
        switch self {
        case let .create(name, vendor, images): return ".create(name: \(text(name)), vendor: \(vendor), images: \(images))"
        case let .patch(id, name, price, vendor, images):
            return ".patch(id: \(id), name: \(text(name)), price: \(number(price)), vendor: \(vendor), images: \(number(images)))"
        case let .delete(id, vendor): return ".delete(id: \(id), vendor: \(vendor))"
        case let .secretLookup(id, vendor): return ".secretLookup(id: \(id), vendor: \(vendor))"
        case let .renameVendor(vendor, name): return ".renameVendor(vendor: \(vendor), name: \(text(name)))"
        case .reset: return ".reset"
        case let .snapshot(name): return ".snapshot(\(text(name)))"
        case let .restore(name): return ".restore(\(text(name)))"
        case let .insert(first, count, id): return ".insert(first: \(first), count: \(count), id: \(number(id)))"
        case let .list(page, size, search): return ".list(page: \(page), size: \(size), search: \(text(search)))"
        case let .detail(id): return ".detail(id: \(id))"
        }
    }
}

/// The names the sequences use: a few pieces that overlap on purpose (case, non-ASCII, NUL, vendor names, LIKE's
/// and FTS5's special characters), so a search matches some products, not all or none.
enum MarketNames {
    static let pieces = [
        "mug", "Mug", "MUG", "맥북", "프로", "Émile", "é", "e\u{301}", "\0", "ab", "a", " ", "zhi", "kyo", "%", "_",
        "\"", "🍎", "ß", "SS", "line\nbreak", "cotton",
    ]
    /// What searches look for besides pieces of names: vendor names, texts nothing holds, empty text (no filter).
    static let extraSearches = ["zhilly", "KYO12", "renamed", "nothing like it", "", "\0\0", "mu", "UG", "ab\0"]

    /// The name of the `index`th inserted product: a piece and a number, so that pieces match thousands at once.
    static func inserted(_ index: Int) -> String {
        "\(pieces[index % pieces.count]) item \(index % 97)"
    }
}
