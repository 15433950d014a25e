import Foundation
import Yams

/// An OpenAPI document `Schema/openapi/<generation>.yaml`, kept byte for byte, with the same document as JSON made
/// from it, so the server can answer both without a YAML parser. In each, the span that holds the top-level
/// `servers` is recorded, so the server can put in the URL a request came in on.
struct OpenAPIDocumentFile {
    let fileName: String
    let yaml: String
    /// UTF-8 offsets of the whole top-level `servers:` entry, its key line included.
    let yamlServers: Range<Int>
    let json: String
    /// UTF-8 offsets of the value of the top-level `"servers"` member.
    let jsonServers: Range<Int>

    init(path: String) throws {
        fileName = URL(fileURLWithPath: path).lastPathComponent
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        yaml = String(decoding: bytes, as: UTF8.self)
        guard Array(yaml.utf8) == bytes else { throw SchemaError("\(fileName): not valid UTF-8") }
        let composed: Node?
        do {
            composed = try Yams.compose(yaml: yaml)
        } catch {
            throw SchemaError("\(fileName): not valid YAML: \(error)")
        }
        guard let root = composed else { throw SchemaError("\(fileName): the document is empty") }
        var writer = JSONText(fileName: fileName)
        try writer.write(root, depth: 0)
        guard let servers = writer.serversValue else {
            throw SchemaError("\(fileName): the document needs a top-level `servers` the server can replace")
        }
        yamlServers = try Self.topLevelEntry("servers", in: yaml, of: fileName)
        json = writer.text + "\n"
        jsonServers = servers
    }

    /// From the line `key:` at column 0 to the next line that starts at column 0 (another key, or a comment about
    /// what follows), or the end.
    private static func topLevelEntry(_ key: String, in yaml: String, of fileName: String) throws -> Range<Int> {
        var offset = 0
        var start: Int?
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            let atColumnZero = line.first.map { !$0.isWhitespace } ?? false
            if let start, atColumnZero {
                return start..<offset
            }
            if atColumnZero, line.hasPrefix("\(key):"), line.dropFirst(key.count + 1).allSatisfy(\.isWhitespace) {
                start = offset
            }
            offset += line.utf8.count + 1
        }
        guard let start else {
            throw SchemaError("\(fileName): `\(key):` must be a block of its own at the start of a line")
        }
        return start..<yaml.utf8.count
    }

    static func swiftSource(embedding files: [OpenAPIDocumentFile]) -> String {
        let entries = files.map { file in
            "    EmbeddedOpenAPIDocument(\n"
                + "        fileName: \(Quoting.swift(file.fileName)),\n"
                + "        yaml: \(Quoting.swift(file.yaml)),\n"
                + "        yamlServers: \(file.yamlServers.lowerBound)..<\(file.yamlServers.upperBound),\n"
                + "        json: \(Quoting.swift(file.json)),\n"
                + "        jsonServers: \(file.jsonServers.lowerBound)..<\(file.jsonServers.upperBound)),\n"
        }
        return GeneratedHeader.text(from: "Schema/openapi/*.yaml")
            + "let embeddedOpenAPIDocuments: [EmbeddedOpenAPIDocument] = [\n" + entries.joined() + "]\n"
    }
}
