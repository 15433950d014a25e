package import Foundation

/// Real servers' answers and the course's mock JSON, kept beside this file in Samples/ (README.md says where each
/// came from). Read from the source tree rather than a resource bundle, so every test target finds the same files
/// without a copy.
package enum Fixtures {
    /// Symlinks are resolved so a scratch package that links a test folder still finds the repository's files.
    package static let samples = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent()
        .appendingPathComponent("Samples")

    package static func data(_ name: String) throws -> Data {
        try Data(contentsOf: samples.appendingPathComponent(name))
    }

    package static func text(_ name: String) throws -> String {
        try String(contentsOf: samples.appendingPathComponent(name), encoding: .utf8)
    }

    /// The sample files whose names start with `prefix`, sorted, so a newly added one cannot be forgotten.
    package static func names(startingWith prefix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: samples.path)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }
            .sorted()
    }
}
