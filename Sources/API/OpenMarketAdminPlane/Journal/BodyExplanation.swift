import OpenMarketHTTPCore
import OpenMarketMultipart
import OpenMarketWireFormat

/// How the server read a journaled request's body, in the words of `openmarket explain` (without colour), for a
/// test's failure message; and, for a multipart body, the reading the journal's JSON shows.
struct BodyExplanation {
    let text: String
    /// nil when the body is not multipart.
    let reading: MultipartReading?
    /// The part the journal's cap cut through, when the kept bytes end inside one.
    let cutPart: (index: Int, name: String?)?

    /// The rejections a body cut short produces by ending early; any other is the body's own.
    private static let runningOut: Set<MultipartError.Kind> = [
        .missingClosingDelimiter, .missingBlankLineAfterHeaders, .boundaryNotFound,
    ]

    init(_ entry: JournalEntry, server: ExplainingServer) {
        let request = entry.request
        let body = entry.requestBody
        let contentType = request.headers["Content-Type"]
        let cutNote = body.isTruncated
            ? "note: the journal kept the first \(body.bytes.count) of \(body.originalSize) bytes of this body "
                + "(raise --journal-body-bytes to keep more); what follows reads only those\n"
            : ""
        guard let contentType, contentType.lowercased().hasPrefix("multipart/") else {
            reading = nil
            cutPart = nil
            let sent = body.originalSize == 0
                ? "no body" : "a body of \(body.originalSize) bytes sent as \(contentType ?? "no Content-Type")"
            let verdict = entry.errorMessage.map { "REFUSED by \(server.name): \($0)" }
                ?? "answered \(entry.status.code) by \(server.name)"
            text = "\(request.method.rawValue) \(request.path): \(sent), not multipart/form-data, so there is no "
                + "multipart reading\n\(verdict)\n"
            return
        }
        let explanation = MultipartExplanation(
            body: body.bytes, contentType: contentType, server: server, sniff: { ImageSniffer.mediaType(of: $0) },
            describeImage: ImageSize.summary, colour: false)
        reading = explanation.reading
        if body.isTruncated, let rejection = explanation.reading.rejection, Self.runningOut.contains(rejection.kind),
            let part = rejection.part
        {
            cutPart = (part, rejection.partName)
        } else {
            cutPart = nil
        }
        text = cutNote + explanation.text
    }
}
