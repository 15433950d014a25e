import OpenMarketWireFormat

/// What an app learns from a list page the server answered: the ids it can open, the thumbnails it can fetch, and
/// whether there is a next page to ask for. Read back from the answer's bytes in the generation's own keys.
package struct CourseListAnswer: Sendable, Equatable {
    package var ids: [Int64]
    /// Each thumbnail URL's path (what an app's GET of it has as its path), in list order.
    package var thumbnailPaths: [String]
    /// v2's `has_next` (`hasNext` on v2b); on v1, which says nothing of it, a full page of 20 items.
    package var hasNext: Bool

    package init(ids: [Int64], thumbnailPaths: [String], hasNext: Bool) {
        self.ids = ids
        self.thumbnailPaths = thumbnailPaths
        self.hasNext = hasNext
    }
}

extension Generation {
    /// A list answer's ids, thumbnails and next page; nil for a body that is no list page of this generation.
    package func listAnswer(_ body: [UInt8]) -> CourseListAnswer? {
        guard case .object(let page)? = try? JSONReader.parse(body) else { return nil }
        let keys = listKeys
        guard case .array(let items)? = page[keys.products] else { return nil }
        var answer = CourseListAnswer(ids: [], thumbnailPaths: [], hasNext: false)
        for case .object(let item) in items {
            if let id = try? item.int64("id") { answer.ids.append(id) }
            switch item[keys.thumbnail] {
            case .string(let url)?: answer.thumbnailPaths.append(Self.path(of: url))
            case .array(let urls)?:
                for case .string(let url) in urls { answer.thumbnailPaths.append(Self.path(of: url)) }
            default: break
            }
        }
        if let hasNext = keys.hasNext {
            answer.hasNext = page[hasNext] == .bool(true)
        } else {
            answer.hasNext = items.count == VaporAPI.itemsPerPage
        }
        return answer
    }

    /// The keys of a list page: the items, each item's thumbnail, and the next-page flag (v1 has none).
    private var listKeys: (products: String, thumbnail: String, hasNext: String?) {
        switch dialect {
        case .spring(let spring):
            let layout = spring.json.layout
            let pageKey = { (value: SpringLayout.PageValue) in layout.page.first { $0.value == value }.map { "\($0.key)" } }
            let thumbnail = layout.listItem.first { $0.value == .thumbnail }.map { "\($0.key)" }
            return (pageKey(.products) ?? "pages", thumbnail ?? "thumbnail", pageKey(.hasNext))
        case .vapor:
            return ("items", "thumbnails", nil)
        }
    }

    /// `http://host:port/a/b` → `/a/b`; a URL without a scheme is taken as a path already.
    private static func path(of url: String) -> String {
        guard let scheme = url.firstRange(of: "://") else { return url }
        let afterHost = url[scheme.upperBound...].drop { $0 != "/" }
        return afterHost.isEmpty ? "/" : String(afterHost)
    }
}
