import Foundation
import HTTPTestSupport

/// The real server's captures and the course's mocks in ../shared/spec/samples.
public enum SpecSamples {
    public static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/spec/samples")

    public static func text(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// Every object key of the sample in document order.
    public static func keys(_ name: String) throws -> [String] {
        JSONKeyOrder.keys(in: try text(name))
    }

    public static func json(_ name: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text(name).utf8)) as? [String: Any] ?? [:]
    }
}
