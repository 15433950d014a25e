package import Foundation
import Testing

/// An executable target of this package, built next to the test bundle (macOS) or test executable (Linux).
package func builtExecutable(named name: String) throws -> URL {
    let testBundles = Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
    let directories = testBundles.map { $0.deletingLastPathComponent() }
        + [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    let candidates = directories.map { $0.appendingPathComponent(name) }
    return try #require(
        candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
        "\(name) not found in \(directories.map(\.path))"
    )
}
