package import Foundation

/// A fresh directory under the system temporary directory, removed when the value goes away.
package final class TemporaryDirectory {
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("openmarket-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    package func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}
