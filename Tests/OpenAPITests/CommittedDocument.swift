import Foundation
import OpenMarketAPI
import Yams

/// A generation's Schema/openapi/<name>.yaml as committed, read from the source tree.
struct CommittedDocument {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Schema/openapi")

    let fileName: String
    let bytes: [UInt8]
    let root: [String: Any]

    init(_ generation: Generation) throws {
        try self.init(fileName: "\(generation.name).yaml")
    }

    init(fileName: String) throws {
        self.fileName = fileName
        bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(fileName)))
        root = try Self.object(Yams.load(yaml: String(decoding: bytes, as: UTF8.self)))
    }

    static func object(_ value: Any?) throws -> [String: Any] {
        guard let object = value as? [String: Any] else { throw NotAnObject() }
        return object
    }

    /// The document's operations as `(method, path)`, e.g. `("PATCH", "/api/products/{id}")`.
    var operations: [(method: String, path: String)] {
        let methods: Set = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
        let paths = root["paths"] as? [String: Any] ?? [:]
        return paths.sorted { $0.key < $1.key }.flatMap { path, item in
            (item as? [String: Any] ?? [:]).keys.filter(methods.contains).sorted().map { ($0.uppercased(), path) }
        }
    }

    /// Sorted-key JSON of `value`: two trees are the same document when these bytes are equal.
    static func canonical(_ value: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
    }

    private struct NotAnObject: Error {}
}
