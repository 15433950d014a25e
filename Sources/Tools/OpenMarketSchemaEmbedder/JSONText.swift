import Yams

/// Writes a composed YAML document as indented JSON, in the document's key order, and notes where the top-level
/// `servers` value is. Only what JSON can say is accepted: a tag or a number JSON has no spelling for fails the build.
struct JSONText {
    let fileName: String
    private(set) var text = ""
    private(set) var serversValue: Range<Int>?

    init(fileName: String) {
        self.fileName = fileName
    }

    mutating func write(_ node: Node, depth: Int) throws {
        switch node {
        case .alias:
            // Yams.compose replaces every alias by the node its anchor names.
            throw SchemaError("\(fileName): an unresolved alias at line \(node.mark?.line ?? 0)")
        case .scalar(let scalar):
            try write(scalar, node: node)
        case .sequence(let sequence):
            guard !sequence.isEmpty else { return text += "[]" }
            text += "["
            for (index, element) in sequence.enumerated() {
                text += (index == 0 ? "\n" : ",\n") + indent(depth + 1)
                try write(element, depth: depth + 1)
            }
            text += "\n" + indent(depth) + "]"
        case .mapping(let mapping):
            guard !mapping.isEmpty else { return text += "{}" }
            text += "{"
            for (index, (key, value)) in mapping.enumerated() {
                guard case .scalar(let name) = key else {
                    throw SchemaError("\(fileName): a key that is not a scalar at line \(key.mark?.line ?? 0)")
                }
                text += (index == 0 ? "\n" : ",\n") + indent(depth + 1) + Quoting.json(name.string) + ": "
                let start = text.utf8.count
                try write(value, depth: depth + 1)
                if depth == 0, name.string == "servers" {
                    serversValue = start..<text.utf8.count
                }
            }
            text += "\n" + indent(depth) + "}"
        }
    }

    private mutating func write(_ scalar: Node.Scalar, node: Node) throws {
        switch Tag.Name(rawValue: node.tag.rawValue) {
        case .str:
            text += Quoting.json(scalar.string)
        case .null:
            text += "null"
        case .bool:
            guard let value = node.bool else { throw unspellable(node) }
            text += value ? "true" : "false"
        case .int:
            guard let value = node.int else { throw unspellable(node) }
            text += String(value)
        case .float:
            guard let value = node.float, value.isFinite else { throw unspellable(node) }
            text += String(value)
        default:
            throw unspellable(node)
        }
    }

    private func unspellable(_ node: Node) -> SchemaError {
        SchemaError("\(fileName): line \(node.mark?.line ?? 0): JSON cannot say \(node.tag.rawValue) `\(node.string ?? "")`")
    }

    private func indent(_ depth: Int) -> String {
        String(repeating: "  ", count: depth)
    }
}
