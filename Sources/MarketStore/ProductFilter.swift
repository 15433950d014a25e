import SQLite

/// How a list is narrowed by its search text, and the SQL that counts and pages it.
///
/// Every variant finds exactly the products of `ProductRows.matches`: the name or the vendor's current name
/// contains the text, ASCII case ignored, every character literal. Text of 3 or more characters is looked up in
/// the trigram index first; shorter text has no trigram, so it is matched against every name.
enum ProductFilter {
    case none
    case indexed(String)
    case scanned(String)

    /// SQLite's trigram tokenizer counts Unicode scalars, as the index's shortest lookup.
    private static let shortestIndexedLength = 3

    init(search: String?) {
        guard let search, !search.isEmpty else {
            self = .none
            return
        }
        self = search.unicodeScalars.count >= Self.shortestIndexedLength ? .indexed(search) : .scanned(search)
    }

    /// Counts the whole filtered list.
    var countSQL: String { queries.count }

    /// One page of products with their images; ?3: limit, ?4: offset.
    func pageSQL(_ order: ListOrder) -> String {
        order == .newestFirst ? queries.newestFirstPage : queries.oldestFirstPage
    }

    private var queries: Queries {
        switch self {
        case .none: Self.unfiltered
        case .indexed: Self.indexedSearch
        case .scanned: Self.scannedSearch
        }
    }

    /// Binds ?1, the search text, and ?2, the trigram query, where the SQL above uses them.
    func bind(to statement: Statement) throws {
        switch self {
        case .none: break
        case let .indexed(text): try statement.bind(text, Self.phrase(text))
        case let .scanned(text): try statement.bind(text, at: 1)
        }
    }

    /// ?1 taken as one FTS5 string: inside double quotes every character is literal, and `""` is a quote.
    private static func phrase(_ text: String) -> String {
        "\"\(text.replacing("\"", with: "\"\""))\""
    }

    /// Products whose name has the trigrams of ?2, and products of a vendor whose current name matches: a superset
    /// of the list, which the exact condition then narrows.
    private static let candidates = """
        candidates (id) AS (
            SELECT rowid FROM product_names WHERE product_names MATCH ?2
            UNION
            SELECT p.id FROM vendors v JOIN products p ON p.vendor_id = v.id WHERE \(ProductRows.vendorMatches)
        )
        """
    private static let fromCandidates = """
        FROM candidates c JOIN products p ON p.id = c.id LEFT JOIN vendors v ON v.id = p.vendor_id
        WHERE \(ProductRows.matches)
        """
    private static let unfiltered = Queries(count: "SELECT total FROM product_count", pageIDs: "SELECT p.id FROM products p")
    private static let indexedSearch = Queries(
        count: "WITH \(candidates) SELECT count(*) \(fromCandidates)", pageIDs: "WITH \(candidates) SELECT p.id \(fromCandidates)")
    private static let scannedSearch = Queries(count: "SELECT count(*) \(fromAll)", pageIDs: "SELECT p.id \(fromAll)")

    private static let fromAll = "FROM products p LEFT JOIN vendors v ON v.id = p.vendor_id WHERE \(ProductRows.matches)"

    /// The SQL of one kind of filter, built once.
    private struct Queries {
        let count: String
        let newestFirstPage: String
        let oldestFirstPage: String

        init(count: String, pageIDs: String) {
            self.count = count
            newestFirstPage = ProductRows.page(ids: "\(pageIDs) ORDER BY p.id DESC LIMIT ?3 OFFSET ?4", order: .newestFirst)
            oldestFirstPage = ProductRows.page(ids: "\(pageIDs) ORDER BY p.id ASC LIMIT ?3 OFFSET ?4", order: .oldestFirst)
        }
    }
}
