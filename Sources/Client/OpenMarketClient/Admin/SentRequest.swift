public import Foundation

/// A request an app sent, as the emulator's journal kept it: what a test checks after the app did its work.
///
/// ```swift
/// let post = try await admin.waitForSentRequest(JournalFilter(method: "POST", path: "/api/products"), timeout: .seconds(2))
/// #expect(post.header("identifier") == "demo-vendor-identifier")
/// #expect(post.parts(named: "images").map(\.detectedType) == ["image/jpeg", "image/jpeg"])
/// ```
public struct SentRequest: Sendable, Hashable {
    /// Its journal id: ids grow with every request and are never reused while the emulator runs.
    public let id: Int
    /// As sent, e.g. `POST`.
    public let method: String
    /// As sent, without the query: percent-encoding is kept.
    public let path: String
    /// The query's items in order, percent-decoding undone.
    public let query: [QueryItem]
    /// In the order they were sent.
    public let headers: [JournalEntry.HeaderField]
    /// The bytes sent, or their first ones when `bodyIsComplete` is false.
    public let body: Data
    /// False when the body was longer than the journal keeps (`serve --journal-body-bytes`,
    /// `OpenMarketEmulator.Options.journalBodyBytes`): then `body` holds its first bytes, `parts` the parts
    /// read whole, and `cutPartName` names the part the cut went through.
    public let bodyIsComplete: Bool
    /// The multipart part the journal's cap cut through; `nil` for a complete body.
    public let cutPartName: String?
    /// The status the app got.
    public let status: Int
    /// The message the app got when the server refused the request; `nil` when it was accepted.
    public let refusal: String?
    /// A multipart body's parts in body order; for a refused body, those read before the error. Empty for other
    /// bodies.
    public let parts: [SentPart]
    /// How the server read the body, in the words of `openmarket explain`: put it in a failing expectation's
    /// message.
    public let explanation: String

    /// One `name=value` of the query; `value` is `nil` for a bare `name`.
    public struct QueryItem: Sendable, Hashable {
        public let name: String
        public let value: String?

        public init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    /// The first header of that name, compared without regard to case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The first part of that name.
    public func part(named name: String) -> SentPart? {
        parts.first { $0.name == name }
    }

    /// Every part of that name, in body order (e.g. each of a product's `images`).
    public func parts(named name: String) -> [SentPart] {
        parts.filter { $0.name == name }
    }

    /// The body decoded as JSON, e.g. a PATCH's product.
    public func decodeBody<T: Decodable>(_ type: T.Type, using decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try decoder.decode(type, from: body)
    }

    /// The journal's entry in full, with its body's parts cut out by their byte ranges.
    init(_ entry: JournalEntry) {
        let summary = entry.summary
        let body = entry.request.body.data
        let target = summary.target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        id = summary.id
        method = summary.method
        path = String(target[0])
        query = target.count == 2 ? Self.queryItems(target[1]) : []
        headers = entry.request.headers
        self.body = body
        bodyIsComplete = !entry.request.body.truncated
        cutPartName = entry.request.multipart?.cutPart?.name
        status = summary.status
        refusal = entry.response.error
        parts = (entry.request.multipart?.parts ?? []).compactMap { part in
            guard part.bodyRange.lowerBound >= 0, part.bodyRange.upperBound <= body.count else { return nil }
            let start = body.startIndex
            return SentPart(
                name: part.name, filename: part.filename, contentType: part.declaredContentType,
                data: body[(start + part.bodyRange.lowerBound)..<(start + part.bodyRange.upperBound)])
        }
        explanation = entry.request.explanation ?? "\(summary.method) \(summary.target): this emulator gives no explanation"
    }

    private static func queryItems(_ query: Substring) -> [QueryItem] {
        query.split(separator: "&").map { item in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in String(text).removingPercentEncoding ?? String(text) }
            return QueryItem(name: decode(pair[0]), value: pair.count == 2 ? decode(pair[1]) : nil)
        }
    }
}
