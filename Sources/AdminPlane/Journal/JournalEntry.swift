import HTTPServer

/// One API request and the answer it got, as the journal keeps it.
struct JournalEntry: Sendable {
    let id: Int
    /// When it arrived, in unix seconds.
    let time: Double
    let durationMicros: Int
    let request: Request
    let requestBody: KeptBody
    let status: HTTPStatus
    let responseHeaders: HTTPHeaders
    let responseBody: KeptBody
    /// The message of an error answer, as the client got it.
    let errorMessage: String?

    /// Counted against the journal's total: the bodies, which dwarf everything else an entry holds.
    var cost: Int { requestBody.bytes.count + responseBody.bytes.count }

    /// The Content-Length the server adds to every answer goes into the journal too, so it shows what was sent.
    static func sentHeaders(of response: Response) -> HTTPHeaders {
        var headers = response.headers
        headers.add(name: "Content-Length", value: String(response.body.count))
        return headers
    }
}
