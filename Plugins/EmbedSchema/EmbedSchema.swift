import Foundation
import PackagePlugin

/// Embeds the package's Schema/*.sql into the target, so the binary runs exactly the files in Schema/.
@main
struct EmbedSchema: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        // Resolved first: Foundation on Linux lists nothing in a directory reached through a symlink.
        let schema = context.package.directoryURL.appendingPathComponent("Schema").resolvingSymlinksInPath()
        guard FileManager.default.fileExists(atPath: schema.path) else {
            throw MissingSchema(path: schema.path)
        }
        let files = try FileManager.default
            .contentsOfDirectory(at: schema, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sql" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedMigrations.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) schema migrations into \(target.name)",
                executable: try context.tool(named: "SchemaEmbedder").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            ),
        ]
    }
}

struct MissingSchema: Error, CustomStringConvertible {
    let path: String

    var description: String {
        "EmbedSchema: no directory \(path); it must hold the numbered migrations (0001_initial.sql, ...)"
    }
}
