import OpenMarketHTTPCore
package import OpenMarketMultipart

/// What a generation's API makes of a multipart body it could read, for `openmarket explain`: the body an error
/// answer carries, and the parts the API reads differently from what a client may expect.
extension Generation {
    /// The generation as `openmarket explain` gives its verdict: its name, where it lets a body end, its 400 body
    /// and its notes on the parts.
    package var explainingServer: ExplainingServer {
        ExplainingServer(name: name, ending: multipartEnding, errorBody: badRequestBody, partsAdvice: partsAdvice)
    }

    /// The body an app gets from this generation for a 400 with `message`.
    func badRequestBody(_ message: String) -> String {
        String(decoding: errors.render(HTTPError(status: .badRequest, message: message)).body, as: UTF8.self)
    }

    /// Whether a create or patch with this Content-Type is read as JSON rather than multipart (v1, as Vapor chose).
    package func readsAsJSON(contentType: String) -> Bool {
        family == .vapor && VaporItemBody.isJSON(contentType: contentType)
    }

    /// Notes on the parts as this generation's create reads them (checked against the running server): v2 takes
    /// the product from a `params` part whatever its filename, v1 takes each field from its own part.
    func partsAdvice(for reading: MultipartReading) -> [String] {
        guard reading.rejection == nil else { return [] }
        let params = reading.parts.first { $0.name == "params" }
        switch family {
        case .spring:
            guard let params else {
                return ["v2 reads the product from a part named \"params\" holding JSON, and this body has none: "
                        + "a create answers 400 until one is added"]
            }
            guard params.filename != nil else { return [] }
            return ["part \(params.index) (\"params\") is sent as a file (it has a filename): \(name) reads its "
                    + "content as the product JSON all the same, so this works; the API documents it as a plain "
                    + "field, without filename"]
        case .vapor:
            guard let params else { return [] }
            let fields = VaporItemForm.keys.joined(separator: ", ")
            return ["\(name) does not read a part named \"params\": it takes each field from a text part of its own "
                    + "(\(fields)); part \(params.index) is ignored, and a create without those parts answers 400 "
                    + "(\"title\" is missing)"]
        }
    }
}
