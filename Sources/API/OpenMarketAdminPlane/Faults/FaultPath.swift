import OpenMarketHTTPCore

/// A fault's `path`: segments compared after slash normalisation (empty segments dropped, as routing does), the
/// query ignored; `*` stands for one segment, `**` (last) for all the rest, none included.
struct FaultPath: Sendable, Equatable {
    let text: String
    private let segments: [String]

    init(_ text: String) throws(AdminError) {
        guard text.hasPrefix("/") else {
            throw .badRequest("path must start with / (e.g. \"/api/products/*\"); got \"\(text)\"")
        }
        guard !text.contains("?") else {
            throw .badRequest("path is matched without the query; remove ?... from \"\(text)\"")
        }
        let segments = Request(method: .get, path: text).pathSegments
        if let index = segments.firstIndex(of: "**"), index != segments.count - 1 {
            throw .badRequest("** stands for the rest of the path, so it must come last; got \"\(text)\"")
        }
        self.text = text
        self.segments = segments
    }

    func matches(_ requested: [String]) -> Bool {
        for (index, segment) in segments.enumerated() {
            if segment == "**" { return true }
            guard index < requested.count, segment == "*" || segment == requested[index] else { return false }
        }
        return requested.count == segments.count
    }
}
