/// The two spellings the OpenAPI documents are served in.
public enum OpenAPIFormat: String, Sendable, CaseIterable {
    case json
    case yaml

    public var contentType: String {
        switch self {
        case .json: "application/json"
        case .yaml: "application/yaml"
        }
    }
}
