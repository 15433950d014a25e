import OpenMarketHTTPCore

/// One API request and the answer it got, as the journal keeps it. A class: the journal stores, evicts and frees it
/// as one reference on every request, instead of copying and destroying a dozen fields inside its lock.
final class JournalEntry: Sendable {
    let id: Int
    /// When it arrived, in unix seconds.
    let time: Double
    let durationMicros: Int
    /// Without its body, which `requestBody` keeps up to the journal's cap.
    let request: Request
    let requestBody: KeptBody
    let status: HTTPStatus
    /// As the handler set them; `sentHeaders` adds what the server adds.
    let responseHeaders: HTTPHeaders
    let responseBody: KeptBody
    /// The message of an error answer, as the client got it.
    let errorMessage: String?
    /// Which error it was (`Response.errorKind`), when the error names its kind.
    let errorKind: String?
    /// What a fault or latency did to the answer, when anything.
    let faultNote: String?

    /// `redactedHeaders` replace the request's own when given. The request is copied once, here: every copy of
    /// one costs its fields' reference counts, on every request.
    init(
        id: Int, time: Double, durationMicros: Int, request: Request, redactedHeaders: HTTPHeaders? = nil,
        requestBody: KeptBody, response: Response, responseBody: KeptBody
    ) {
        self.id = id
        self.time = time
        self.durationMicros = durationMicros
        var kept = request
        if !kept.body.isEmpty { kept.body = [] }
        if let redactedHeaders { kept.headers = redactedHeaders }
        self.request = kept
        self.requestBody = requestBody
        status = response.status
        responseHeaders = response.headers
        self.responseBody = responseBody
        errorMessage = response.errorMessage
        errorKind = response.errorKind
        faultNote = response.faultNote
    }

    /// Counted against the journal's total: the bodies, which dwarf everything else an entry holds.
    var cost: Int { requestBody.bytes.count + responseBody.bytes.count }

    /// With the Content-Length the server adds to every answer, so the journal shows what was sent. Built when
    /// someone looks, not on the request path.
    var sentHeaders: HTTPHeaders {
        var headers = responseHeaders
        headers.add(name: "Content-Length", value: String(responseBody.originalSize))
        return headers
    }
}
