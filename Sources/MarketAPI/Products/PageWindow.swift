import HTTPCore
import WireFormat

/// One page of a v2 list and the numbers the real server computed for it (docs/wire-format.md §3.3).
struct PageWindow: Sendable, Equatable {
    let pageNumber: Int
    let itemsPerPage: Int
    let totalCount: Int

    static let defaultItemsPerPage = 20
    static let maxItemsPerPage = 1000

    init(pageNumber: Int, itemsPerPage: Int, totalCount: Int) {
        self.pageNumber = pageNumber
        self.itemsPerPage = itemsPerPage
        self.totalCount = totalCount
    }

    var offset: Int { (pageNumber - 1) * itemsPerPage }
    /// Not the page size: the real server wrote the end of the window.
    var limit: Int { offset + itemsPerPage }
    var lastPage: Int { (totalCount + itemsPerPage - 1) / itemsPerPage }
    var hasNext: Bool { pageNumber < lastPage }
    var hasPrev: Bool { pageNumber > 1 }
    /// Page 1 always answers; a later page past the end answers 204 with no body.
    var isPastTheEnd: Bool { pageNumber > 1 && pageNumber > lastPage }

    /// Reads `page_no` and `items_per_page` (defaults 1 and 20); other parameters are ignored, as the real server did.
    static func requested(by query: QueryParameters) throws(HTTPError) -> (pageNumber: Int, itemsPerPage: Int) {
        let page = try positive(query["page_no"], name: "page_no", default: 1)
        let size = try positive(query["items_per_page"], name: "items_per_page", default: defaultItemsPerPage)
        guard size <= maxItemsPerPage else {
            throw HTTPError(status: .badRequest, message: "items_per_page must be at most \(maxItemsPerPage); got \(size)")
        }
        // Keeps offset and limit within Int for any page number that parsed.
        guard page <= Int.max / maxItemsPerPage - 1 else {
            throw HTTPError(status: .badRequest, message: "page_no is too large; got \(page)")
        }
        return (page, size)
    }

    private static func positive(_ text: String?, name: String, default fallback: Int) throws(HTTPError) -> Int {
        guard let text, !text.isEmpty else { return fallback }
        guard let value = Int(text), value > 0 else {
            throw HTTPError(status: .badRequest, message: "\(name) must be a positive whole number; got \(MessageQuoting.quoted(text))")
        }
        return value
    }
}
