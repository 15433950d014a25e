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
    /// The answer as the handler made it, its body cut to the journal's cap. Kept whole, as one reference: a cached
    /// answer is shared by every request that got it, so its fields one by one would cost a reference count each on
    /// memory both daemon threads write.
    private let response: Response
    private let responseBodySize: Int

    /// `redactedHeaders` replace the request's own when given. The request is copied once, here: every copy of
    /// one costs its fields' reference counts, on every request. `response` comes from `kept(_:bodyCap:)`.
    init(
        id: Int, time: Double, durationMicros: Int, request: Request, redactedHeaders: HTTPHeaders? = nil,
        requestBody: KeptBody, response: Kept
    ) {
        self.id = id
        self.time = time
        self.durationMicros = durationMicros
        var kept = request
        if !kept.body.isEmpty { kept.body = [] }
        if let redactedHeaders { kept.headers = redactedHeaders }
        self.request = kept
        self.requestBody = requestBody
        self.response = response.response
        responseBodySize = response.bodySize
        cost = requestBody.bytes.count + response.keptBodySize
    }

    /// A response as an entry keeps it, with the size of its body before and after the cut. Only a body over the cap
    /// is copied; made outside the journal's lock, as that copy may be a megabyte.
    struct Kept {
        let response: Response
        let bodySize: Int
        let keptBodySize: Int
    }

    static func kept(_ response: Response, bodyCap: Int) -> Kept {
        let body = response.body  // One reference taken: a cached answer's bytes are shared with the other thread.
        guard body.count > bodyCap else {
            return Kept(response: response, bodySize: body.count, keptBodySize: body.count)
        }
        var cut = response
        cut.body = Array(body.prefix(bodyCap))
        return Kept(response: cut, bodySize: body.count, keptBodySize: bodyCap)
    }

    var status: HTTPStatus { response.status }
    /// As the handler set them; `sentHeaders` adds what the server adds.
    var responseHeaders: HTTPHeaders { response.headers }
    var responseBody: KeptBody { KeptBody(kept: response.body, originalSize: responseBodySize) }
    /// The message of an error answer, as the client got it.
    var errorMessage: String? { response.errorMessage }
    /// Which error it was (`Response.errorKind`), when the error names its kind.
    var errorKind: String? { response.errorKind }
    /// What a fault or latency did to the answer, when anything.
    var faultNote: String? { response.faultNote }

    /// Counted against the journal's total: the bodies, which dwarf everything else an entry holds.
    let cost: Int

    /// With the Content-Length the server adds to every answer, so the journal shows what was sent. Built when
    /// someone looks, not on the request path.
    var sentHeaders: HTTPHeaders {
        var headers = response.headers
        headers.add(name: "Content-Length", value: String(responseBodySize))
        return headers
    }
}
