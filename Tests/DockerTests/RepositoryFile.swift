import Foundation

/// Files of this repository, read as the tests find them next to the sources.
enum RepositoryFile {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The one build command that scripts/serve runs, which docs/docker-and-ci.md and the Dockerfile must repeat.
    static func buildCommand() throws -> String {
        let commands = try text("scripts/serve").split(separator: "\n").filter { $0.hasPrefix("swift build") }
        guard commands.count == 1 else { throw TestFileError("scripts/serve has \(commands.count) swift build lines") }
        return String(commands[0])
    }
}

struct TestFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
