package import OpenMarketHTTPCore
import OpenMarketWireFormat

extension Generation {
    /// The generation's committed OpenAPI document (Schema/openapi/<name>.yaml, embedded) as YAML or
    /// as JSON, with `servers` naming only `serverURL`, so a tool that imports it calls the server it came from.
    /// Nil only for a generation without a committed document, which the tests do not let happen.
    package func openAPIDocument(_ format: OpenAPIFormat, serverURL: String) -> [UInt8]? {
        guard let document = embeddedOpenAPIDocuments.first(where: { $0.fileName == "\(name).yaml" }) else {
            return nil
        }
        let (text, servers) = document.text(format)
        let bytes = Array(text.utf8)
        return bytes[..<servers.lowerBound] + Self.servers(serverURL, format) + bytes[servers.upperBound...]
    }

    /// The document answering `request`, with the URL the request came in on (or `--public-url`) as its server.
    package func openAPIResponse(_ format: OpenAPIFormat, to request: Request, context: APIContext) throws -> Response {
        let serverURL = BaseURL(request: request, publicURL: context.publicURL).text
        guard let document = openAPIDocument(format, serverURL: serverURL) else {
            throw APIError.noOpenAPIDocument(generation: name).httpError(in: errors)
        }
        return Response(status: .ok, contentType: format.contentType, body: document)
    }

    private static let serverDescription = "The emulator that served this document."

    /// The replacement `servers`: for YAML its whole entry, for JSON its value. JSON's quoted strings are valid
    /// YAML double-quoted scalars, so one escaping serves both.
    private static func servers(_ url: String, _ format: OpenAPIFormat) -> [UInt8] {
        let url = quoted(url)
        let description = quoted(serverDescription)
        switch format {
        case .yaml:
            return Array("servers:\n  - url: \(url)\n    description: \(description)\n".utf8)
        case .json:
            return Array("[\n    {\n      \"url\": \(url),\n      \"description\": \(description)\n    }\n  ]".utf8)
        }
    }

    private static func quoted(_ text: String) -> String {
        var writer = JSONWriter(reservingCapacity: text.utf8.count + 16)
        writer.value(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
