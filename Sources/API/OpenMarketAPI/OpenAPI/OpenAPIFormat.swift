/// The two spellings the OpenAPI documents are served in.
package enum OpenAPIFormat: String, Sendable, CaseIterable {
    case json
    case yaml

    package var contentType: String {
        switch self {
        case .json: "application/json"
        case .yaml: "application/yaml"
        }
    }
}
