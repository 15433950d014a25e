import Foundation
import PackagePlugin

/// Embeds committed files into a target, so the binary carries exactly them: the numbered migrations Schema/*.sql
/// into MarketStore, the API documents Schema/openapi/*.yaml (and JSON made from them) into MarketAPI, and the
/// admin page Sources/API/OpenMarketAdminPlane/Page/*.{html,css,js,svg} into AdminPlane.
@main
struct EmbedSchema: BuildToolPlugin {
    /// What each target using the plugin embeds: the folder, the files' extension, the tool's mode and its output.
    private struct Embedding {
        let folder: String
        let fileExtensions: Set<String>
        let toolArguments: [String]
        let output: String
        let what: String
    }

    private static let embeddings: [String: Embedding] = [
        "OpenMarketStore": Embedding(
            folder: "Schema", fileExtensions: ["sql"], toolArguments: [], output: "EmbeddedMigrations.swift",
            what: "schema migrations"),
        "OpenMarketAPI": Embedding(
            folder: "Schema/openapi", fileExtensions: ["yaml"], toolArguments: ["--openapi"],
            output: "EmbeddedOpenAPIDocuments.swift", what: "OpenAPI documents"),
        "OpenMarketAdminPlane": Embedding(
            folder: "Sources/API/OpenMarketAdminPlane/Page", fileExtensions: ["html", "css", "js", "svg"], toolArguments: ["--page"],
            output: "EmbeddedPageFiles.swift", what: "admin page files"),
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let embedding = Self.embeddings[target.name] else {
            throw UnknownTarget(name: target.name, known: Self.embeddings.keys.sorted())
        }
        // Resolved first: Foundation on Linux lists nothing in a directory reached through a symlink.
        let folder = context.package.directoryURL.appendingPathComponent(embedding.folder).resolvingSymlinksInPath()
        guard FileManager.default.fileExists(atPath: folder.path) else {
            throw MissingSchema(path: folder.path)
        }
        let files = try FileManager.default
            .contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { embedding.fileExtensions.contains($0.pathExtension) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent(embedding.output)
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) \(embedding.what) into \(target.name)",
                executable: try context.tool(named: "OpenMarketSchemaEmbedder").url,
                arguments: embedding.toolArguments + [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            ),
        ]
    }
}

struct MissingSchema: Error, CustomStringConvertible {
    let path: String

    var description: String {
        "EmbedSchema: no directory \(path); it must hold the files the target embeds (0001_initial.sql, v2b.yaml, ...)"
    }
}

struct UnknownTarget: Error, CustomStringConvertible {
    let name: String
    let known: [String]

    var description: String {
        "EmbedSchema: target \(name) has nothing to embed; the plugin serves \(known.joined(separator: ", "))"
    }
}
