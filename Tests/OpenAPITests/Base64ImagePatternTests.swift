import Foundation
import Testing
import WireFormat

/// The v1 documents' `Base64Image` pattern must match exactly the texts the server decodes to an image: standard
/// base64 (`StandardBase64`, spare bits before `=` ignored) whose bytes start with a signature `ImageSniffer` knows.
/// schemathesis draws the JSON create's images from that pattern and sends texts outside it as invalid, so a text
/// on which the two disagree is a check-openapi failure waiting to be drawn.
@Suite("The v1 documents' base64 image pattern")
struct Base64ImagePatternTests {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    private static let signatures: [[UInt8]] = [
        [0xFF, 0xD8, 0xFF], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], Array("GIF87a".utf8),
        Array("GIF89a".utf8), Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8),
    ]

    @Test(arguments: ["v1a.yaml", "v1b.yaml"])
    func matchesExactlyWhatTheServerDecodesToAnImage(fileName: String) throws {
        let pattern = try Self.pattern(in: CommittedDocument(fileName: fileName))
        var generator = SplitMix64(seed: 20)
        var images = 0
        for _ in 0..<20_000 {
            let text = Self.candidate(using: &generator)
            let isImage = (try? StandardBase64.decode(text)).flatMap(ImageSniffer.mediaType(of:)) != nil
            images += isImage ? 1 : 0
            #expect(Self.wholeMatch(pattern, text) == isImage, "\(fileName): \(text) is \(isImage ? "" : "not ")an image")
        }
        // Both sides of the line are exercised.
        #expect((5_000...15_000).contains(images))
    }

    private static func pattern(in document: CommittedDocument) throws -> NSRegularExpression {
        let schemas = try CommittedDocument.object(
            (document.root["components"] as? [String: Any])?["schemas"])
        let image = try CommittedDocument.object(schemas["Base64Image"])
        return try NSRegularExpression(pattern: try #require(image["pattern"] as? String))
    }

    /// As JSON Schema reads a pattern: ECMA-262's `$` ends the text, never a line before a final newline.
    private static func wholeMatch(_ pattern: NSRegularExpression, _ text: String) -> Bool {
        let whole = NSRange(text.startIndex..., in: text)
        return pattern.firstMatch(in: text, range: whole)?.range == whole
    }

    /// Near misses as often as hits: a signature (a WebP with any size bytes) with a tail, sometimes cut short or
    /// with one byte changed, encoded with random spare bits; or random characters around the alphabet.
    private static func candidate(using generator: inout SplitMix64) -> String {
        guard Bool.random(using: &generator) else {
            let characters = alphabet + Array("=-_\n ")
            return String((0..<Int.random(in: 0...24, using: &generator)).map { _ in
                characters.randomElement(using: &generator)!
            })
        }
        var bytes = signatures.randomElement(using: &generator)!
        if bytes.count == 12 {
            for index in 4..<8 { bytes[index] = .random(in: 0...255, using: &generator) }
        }
        bytes += (0..<Int.random(in: 0...5, using: &generator)).map { _ in .random(in: 0...255, using: &generator) }
        if Int.random(in: 0..<4, using: &generator) == 0 {
            bytes[Int.random(in: 0..<bytes.count, using: &generator)] = .random(in: 0...255, using: &generator)
        }
        if Int.random(in: 0..<5, using: &generator) == 0 {
            bytes.removeLast(Int.random(in: 0...bytes.count, using: &generator))
        }
        var text = Array(StandardBase64.encode(bytes))
        let padding = text.reversed().prefix { $0 == "=" }.count
        if padding > 0 {
            // The character before `=` carries 2 (one `=`) or 4 (two) spare bits the decoder ignores.
            let last = text.count - padding - 1
            let value = alphabet.firstIndex(of: text[last])! | Int.random(in: 0..<(1 << (2 * padding)), using: &generator)
            text[last] = alphabet[value]
        }
        return String(text)
    }
}
