import Foundation
@testable import OpenMarketStore
import Testing

@Suite("Embedded schema")
struct SchemaEmbeddingTests {
    private static let schemaDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Schema")

    @Test func theBinaryEmbedsExactlyTheFilesInSchema() throws {
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: Self.schemaDirectory.path)
            .filter { $0.hasSuffix(".sql") }
            .sorted()
        #expect(!onDisk.isEmpty)
        #expect(embeddedMigrations.map(\.fileName) == onDisk)
        for (migration, fileName) in zip(embeddedMigrations, onDisk) {
            let bytes = try [UInt8](Data(contentsOf: Self.schemaDirectory.appendingPathComponent(fileName)))
            #expect(Array(migration.sql.utf8) == bytes, "\(fileName) differs from what the binary embeds")
        }
    }

    @Test func versionsCountUpFromOne() {
        #expect(embeddedMigrations.map(\.version) == Array(1...embeddedMigrations.count))
        #expect(Migrator.latestVersion == embeddedMigrations.count)
    }
}
