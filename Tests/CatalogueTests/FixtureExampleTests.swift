import Foundation
@testable import OpenMarketCatalogue
import OpenMarketHTTPTestSupport
import OpenMarketStore
import Testing

@Suite("docs/seed-data.md: the fixture example")
struct FixtureExampleTests {
    /// The first ```json block after the "A fixture file" paragraph of docs/seed-data.md.
    private static func example() throws -> String {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/seed-data.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let section = try #require(text.range(of: "**A fixture file**"))
        let start = try #require(text.range(of: "```json\n", range: section.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test("reads as a fixture, with its images next to it")
    func exampleReads() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Data(SampleImages.png).write(to: directory.url.appendingPathComponent("images/mug.png"))
        try Data(SampleImages.jpeg()).write(to: directory.url.appendingPathComponent("images/mug-side.jpg"))
        try Data(try Self.example().utf8).write(to: directory.url.appendingPathComponent("fixture.json"))

        let catalogue = try FixtureReader.read(path: directory.path("fixture.json"))
        #expect(catalogue.vendors.map(\.identifier) == ["zhilly-id"])
        #expect(catalogue.products.first?.description == "A white mug.\nHolds 350 ml.")
        #expect(catalogue.products.first?.images.map(\.mediaType) == ["image/png", "image/jpeg"])
        try catalogue.checkVendors(configured: [])
    }
}
