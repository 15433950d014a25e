import Foundation
import OpenMarketPosixSpawn

/// One run of OpenMarketSchemaEmbedder, the tool scripts/check-embedded runs, on files written to a temporary folder
/// and passed in the given order after `options` and the output path.
package struct SchemaEmbedderRun {
    package let status: Int32
    /// The Swift file it wrote, empty when it wrote none.
    package let source: String
    package let errors: String

    package init(options: [String] = [], files: [(name: String, bytes: [UInt8])]) throws {
        let directory = try TemporaryDirectory()
        for file in files { try Data(file.bytes).write(to: directory.url.appendingPathComponent(file.name)) }
        let output = directory.path("Embedded.swift")
        let tool = try SpawnedProcess(
            executable: try builtExecutable(named: "OpenMarketSchemaEmbedder").path,
            arguments: options + [output] + files.map { directory.path($0.name) }, standardError: .pipe)
        self.errors = String(decoding: tool.readOutputToEnd(), as: UTF8.self)
        status = tool.waitUntilExit().status
        source = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }
}
