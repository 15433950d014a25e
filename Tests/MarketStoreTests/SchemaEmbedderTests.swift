import Foundation
import OpenMarketHTTPTestSupport
import Testing

@Suite("OpenMarketSchemaEmbedder, the tool that writes the embedded migrations")
struct SchemaEmbedderTests {
    private func embed(_ files: [(name: String, bytes: [UInt8])]) throws -> SchemaEmbedderRun {
        try SchemaEmbedderRun(files: files)
    }

    @Test func everyCharacterSurvivesInTheSwiftLiteral() throws {
        let run = try embed([("0001_tricky.sql", Array("-- \"q\" \\ \t é€ \u{1}\u{7F}\r\n".utf8))])
        #expect(run.status == 0)
        #expect(run.source.contains(#"fileName: "0001_tricky.sql", sql: "-- \"q\" \\ \t é€ \u{1}\u{7f}\r\n")"#))
    }

    @Test func migrationsAreOrderedByNumber() throws {
        let run = try embed([("0002_second.sql", Array("B".utf8)), ("0001_first.sql", Array("A".utf8))])
        #expect(run.status == 0)
        let first = try #require(run.source.range(of: "version: 1"))
        let second = try #require(run.source.range(of: "version: 2"))
        #expect(first.lowerBound < second.lowerBound)
    }

    @Test func aGapInTheNumberingIsRefused() throws {
        let run = try embed([("0001_a.sql", Array("A".utf8)), ("0003_c.sql", Array("C".utf8))])
        #expect(run.status != 0)
        #expect(run.errors.contains("0003_c.sql: expected migration number 2, found 3"))
    }

    @Test func aFileNameWithoutItsNumberIsRefused() throws {
        let run = try embed([("initial.sql", Array("A".utf8))])
        #expect(run.status != 0)
        #expect(run.errors.contains("initial.sql: a migration file name must start with its number"))
    }

    @Test func bytesSQLiteCouldNotRunFailTheBuild() throws {
        #expect(try embed([("0001_a.sql", [0x41, 0xFF])]).errors.contains("0001_a.sql: not valid UTF-8"))
        #expect(try embed([("0001_a.sql", [0x41, 0x00])]).errors.contains("0001_a.sql: contains a NUL byte"))
    }
}
