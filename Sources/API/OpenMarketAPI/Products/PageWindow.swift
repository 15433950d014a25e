import OpenMarketHTTPCore
import OpenMarketWireFormat

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
    static func requested(by query: QueryParameters) throws(APIError) -> (pageNumber: Int, itemsPerPage: Int) {
        let page = try positive(query["page_no"], default: 1, or: APIError.invalidPageNumber)
        let size = try positive(query["items_per_page"], default: defaultItemsPerPage, or: APIError.invalidPageSize)
        guard size <= maxItemsPerPage else {
            throw .pageSizeTooLarge(size)
        }
        // Keeps offset and limit within Int for any page number that parsed.
        guard page <= Int.max / maxItemsPerPage - 1 else {
            throw .pageNumberTooLarge(page)
        }
        return (page, size)
    }

    /// `refusal` is the parameter's error for text that is not a whole number from 1 up.
    private static func positive(
        _ text: String?, default fallback: Int, or refusal: (_ got: String) -> APIError
    ) throws(APIError) -> Int {
        guard let text, !text.isEmpty else { return fallback }
        guard let value = Int(text), value > 0 else {
            throw refusal(text)
        }
        return value
    }
}
