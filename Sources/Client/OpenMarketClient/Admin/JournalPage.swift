/// `GET /__admin/requests`: a page of the journal, newest first.
public struct JournalPage: Sendable, Hashable, Decodable {
    public let requests: [JournalSummary]
    /// How many entries passed the filter, on this page and after it.
    public let total: Int
}

/// One journaled API request in short.
public struct JournalSummary: Sendable, Hashable, Decodable {
    /// Increases with every request and is never reused while the server runs.
    public let id: Int
    /// When the request arrived, an ISO-8601 UTC timestamp.
    public let time: String
    public let durationMicros: Int
    public let method: String
    /// The request target as sent: path and query.
    public let target: String
    /// The status answered.
    public let status: Int
    public let clientAddress: String
    /// The full sizes, also when the journal kept only the first part of a body.
    public let requestBytes: Int
    public let responseBytes: Int
    /// The message a refused request got (a 4xx's), `nil` otherwise.
    public let error: String?
}
