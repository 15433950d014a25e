import Foundation

/// One run of SchemaEmbedder, the EmbedSchema plugin's tool, on files written to a temporary folder and passed in
/// the given order after `options` and the output path.
package struct SchemaEmbedderRun {
    package let status: Int32
    /// The Swift file it wrote, empty when it wrote none.
    package let source: String
    package let errors: String

    package init(options: [String] = [], files: [(name: String, bytes: [UInt8])]) throws {
        let directory = try TemporaryDirectory()
        for file in files { try Data(file.bytes).write(to: directory.url.appendingPathComponent(file.name)) }
        let output = directory.path("Embedded.swift")
        let tool = Process()
        tool.executableURL = try builtExecutable(named: "SchemaEmbedder")
        tool.arguments = options + [output] + files.map { directory.path($0.name) }
        let errors = Pipe()
        tool.standardError = errors
        try tool.run()
        self.errors = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        tool.waitUntilExit()
        status = tool.terminationStatus
        source = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }
}
