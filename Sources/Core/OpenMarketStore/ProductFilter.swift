import OpenMarketSQLite

/// How a list is narrowed by its search text, and the SQL that counts and pages it.
///
/// Every variant finds exactly the products of `ProductRows.matches`: the name or the vendor's current name
/// contains the text, ASCII case ignored, every character literal. Text of 3 or more characters is looked up in
/// the trigram index first; shorter text has no trigram, so it is matched against every name, and so is text with
/// a NUL character, which FTS5's query syntax cannot carry (its parser stops there).
enum ProductFilter {
    case none
    case indexed(String)
    case scanned(String)

    /// The shortest text the trigram index can look up, in Unicode scalars (what SQLite counts as characters).
    private static let shortestIndexedLength = 3

    init(search: String?) {
        guard let search, !search.isEmpty else {
            self = .none
            return
        }
        let indexable = search.unicodeScalars.count >= Self.shortestIndexedLength && !search.unicodeScalars.contains("\0")
        self = indexable ? .indexed(search) : .scanned(search)
    }

    /// The search text; nil when every product is kept (such a page steps through offset + limit rows and no more).
    var text: String? {
        switch self {
        case .none: nil
        case let .indexed(text), let .scanned(text): text
        }
    }

    /// The same search, answered by walking the list in id order rather than through the trigram index.
    var walking: ProductFilter {
        text.map { .scanned($0) } ?? .none
    }

    /// Counts the matches of ?1 among the products with an id above ?2.
    static let countAboveSQL = "SELECT count(*) FROM products p LEFT JOIN vendors v ON v.id = p.vendor_id WHERE p.id > ?2 AND \(ProductRows.matches)"

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
        case let .indexed(text): try statement.bind(text, Self.trigramQuery(text))
        case let .scanned(text): try statement.bind(text, at: 1)
        }
    }

    /// Every text containing ?1 has all of its trigrams, so requiring a few of them finds a superset. Trigrams
    /// that do not overlap (and the last one, for the tail) are enough, and far cheaper than the whole phrase: the
    /// index intersects short lists by id instead of reading every position of every trigram. A long text gives at
    /// most `mostTrigrams` of them, spread from its first to its last. Each is one FTS5 string, in which every
    /// character is literal and `""` is a quote.
    static func trigramQuery(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let starts = Array(Set(Array(stride(from: 0, to: scalars.count - 2, by: 3)) + [scalars.count - 3])).sorted()
        let kept = starts.count <= mostTrigrams
            ? starts : (0..<mostTrigrams).map { starts[$0 * (starts.count - 1) / (mostTrigrams - 1)] }
        return kept.map { start in
            var trigram = String.UnicodeScalarView()
            trigram.append(contentsOf: scalars[start..<(start + 3)])
            return "\"\(String(trigram).replacing("\"", with: "\"\""))\""
        }.joined(separator: " AND ")
    }

    /// A phrase per three characters made a 14 KB search cost 23 ms on an empty store in a release build: 4,700
    /// phrases built for the count and again for the page, and FTS5 parses a query in time that grows faster than its
    /// phrases. A name that holds two dozen trigrams spread over the text is already rare, and the exact condition
    /// decides.
    static let mostTrigrams = 24

    /// Products whose name has the trigrams of ?2, products whose name the trigram index holds only up to a NUL, and
    /// products of a vendor whose current name matches: a superset of the list, which the exact condition then
    /// narrows. The vendors are matched first (there are few), then their products found by index.
    private static let candidates = """
        candidates (id) AS (
            SELECT rowid FROM product_names WHERE product_names MATCH ?2
            UNION
            SELECT p.id FROM products p WHERE \(namesWithNUL)
            UNION
            SELECT p.id FROM products p WHERE p.vendor_id IN (SELECT v.id FROM vendors v WHERE \(ProductRows.vendorMatches))
        )
        """
    /// Exactly the condition of the partial index `products_with_nul_in_name` (Schema/0008), so that SQLite reads it.
    private static let namesWithNUL = "instr(p.name, char(0)) > 0"
    private static let fromCandidates = """
        FROM candidates c JOIN products p ON p.id = c.id LEFT JOIN vendors v ON v.id = p.vendor_id
        WHERE \(ProductRows.matches)
        """
    /// The table is read in id order, so the page's products stream from a co-routine straight into the joins,
    /// instead of a table of their ids being written first and each product then looked up again.
    private static let unfiltered = Queries(count: "SELECT total FROM product_count") { order in
        ProductRows.page(
            with: "", from: "(SELECT * FROM products p ORDER BY p.id \(order.sqlDirection) LIMIT ?3 OFFSET ?4) p", order: order)
    }
    private static let indexedSearch = Queries(count: indexedCount, pageIDs: "WITH \(candidates) SELECT p.id \(fromCandidates)")
    /// The same count as over `candidates`, in three parts that cannot overlap: products whose name matches and has
    /// the trigrams (looked up by trigram), products whose name matches only after a NUL, and products whose name does
    /// not match but whose vendor's does. Counting those apart spares the UNION's table of every candidate id, which
    /// took most of the time of a search's first count (Benchmarks/catalogue/README.md).
    private static let indexedCount = """
        SELECT (SELECT count(*) FROM product_names n JOIN products p ON p.id = n.rowid
                WHERE product_names MATCH ?2 AND \(ProductRows.nameMatches))
             + (SELECT count(*) FROM products p
                WHERE \(namesWithNUL) AND \(ProductRows.nameMatches)
                      AND NOT EXISTS (SELECT 1 FROM product_names n WHERE product_names MATCH ?2 AND n.rowid = p.id))
             + (SELECT count(*) FROM products p
                WHERE p.vendor_id IN (SELECT v.id FROM vendors v WHERE \(ProductRows.vendorMatches))
                      AND NOT (\(ProductRows.nameMatches)))
        """
    private static let scannedSearch = Queries(count: "SELECT count(*) \(fromAll)", pageIDs: "SELECT p.id \(fromAll)")

    private static let fromAll = "FROM products p LEFT JOIN vendors v ON v.id = p.vendor_id WHERE \(ProductRows.matches)"

    /// The SQL of one kind of filter, built once.
    private struct Queries {
        let count: String
        let newestFirstPage: String
        let oldestFirstPage: String

        init(count: String, page: (ListOrder) -> String) {
            self.count = count
            newestFirstPage = page(.newestFirst)
            oldestFirstPage = page(.oldestFirst)
        }

        /// A search sorts its matches, which costs less with their ids alone; the page's products are then looked up.
        init(count: String, pageIDs: String) {
            self.init(count: count) { order in
                ProductRows.page(
                    with: "WITH page AS (\(pageIDs) ORDER BY p.id \(order.sqlDirection) LIMIT ?3 OFFSET ?4)",
                    from: "page JOIN products p ON p.id = page.id", order: order)
            }
        }
    }
}
