import Foundation

/// The real servers' bytes kept in the shared spec, beside the repository.
enum Samples {
    /// `<repo root>/../shared/spec/samples`; the repository root is two levels above this file's folder.
    /// Symlinks are resolved so a scratch package that links this folder still finds the repository.
    static let directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("../shared/spec/samples")
        .standardizedFileURL

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    /// Every v2 sample file, so a newly added one cannot be forgotten.
    static func v2FileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix("v2") && $0.hasSuffix(".json") }
            .sorted()
    }
}
