/// A committed Schema/openapi/<generation>.yaml as OpenMarketSchemaEmbedder embedded it in
/// EmbeddedOpenAPIDocuments.swift (scripts/check-embedded): the file byte for byte, the same document as JSON, and in
/// each the span of the top-level `servers`, which the server replaces.
struct EmbeddedOpenAPIDocument: Sendable {
    let fileName: String
    let yaml: String
    /// UTF-8 offsets of the whole `servers:` entry, key line included.
    let yamlServers: Range<Int>
    let json: String
    /// UTF-8 offsets of the `"servers"` member's value.
    let jsonServers: Range<Int>

    func text(_ format: OpenAPIFormat) -> (text: String, servers: Range<Int>) {
        switch format {
        case .yaml: (yaml, yamlServers)
        case .json: (json, jsonServers)
        }
    }
}
