import Foundation
@testable import OpenMarketAPI
import OpenMarketWireFormat
import Testing

/// The v1 documents' patterns must match exactly the texts the server takes, since schemathesis draws values from
/// them and sends texts outside them as invalid: a text on which the two disagree is a check-openapi failure waiting
/// to be drawn. Base64 images: standard base64 (`StandardBase64`, spare bits before `=` ignored) whose bytes start
/// with a signature `ImageSniffer` knows. Whole numbers as strings: what `VaporItemForm` reads as a price or a stock.
@Suite("The v1 documents' patterns")
struct V1PatternTests {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    private static let signatures: [[UInt8]] = [
        [0xFF, 0xD8, 0xFF], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], Array("GIF87a".utf8),
        Array("GIF89a".utf8), Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8),
    ]
    /// Near the limits the patterns spell out, and ordinary values.
    private static let numberAnchors: [Int64] = [0, 7, 1 << 53, 999_999_999_999_999, .max, .min + 1]

    @Test(arguments: ["v1a.yaml", "v1b.yaml"])
    func wholeNumbersAsStringsAreExactlyWhatTheServerReads(fileName: String) throws {
        let document = try CommittedDocument(fileName: fileName)
        let amount = try Self.pattern(in: document, schema: "WholeAmountInJSON")
        let stock = try Self.pattern(in: document, schema: "WholeNumberInJSON")
        var generator = SplitMix64(seed: 53)
        var accepted = 0
        for _ in 0..<20_000 {
            let text = Self.numberCandidate(using: &generator)
            let takesPrice = (try? VaporItemForm(fields: ["price": text], source: .jsonMember).patch()) != nil
            let takesStock = (try? VaporItemForm(fields: ["stock": text], source: .jsonMember).patch()) != nil
            accepted += takesStock ? 1 : 0
            #expect(Self.wholeMatch(amount, text) == takesPrice, "\(fileName): price \(text)")
            #expect(Self.wholeMatch(stock, text) == takesStock, "\(fileName): stock \(text)")
        }
        #expect((2_000...18_000).contains(accepted))
    }

    @Test(arguments: ["v1a.yaml", "v1b.yaml"])
    func base64ImagesAreExactlyWhatTheServerDecodesToAnImage(fileName: String) throws {
        let pattern = try Self.pattern(in: CommittedDocument(fileName: fileName), schema: "Base64Image")
        var generator = SplitMix64(seed: 20)
        var images = 0
        for _ in 0..<20_000 {
            let text = Self.imageCandidate(using: &generator)
            let isImage = (try? StandardBase64.decode(text)).flatMap(ImageSniffer.mediaType(of:)) != nil
            images += isImage ? 1 : 0
            #expect(Self.wholeMatch(pattern, text) == isImage, "\(fileName): \(text) is \(isImage ? "" : "not ")an image")
        }
        // Both sides of the line are exercised.
        #expect((5_000...15_000).contains(images))
    }

    /// The pattern of the schema's string form (the schema itself, or the string branch of its `oneOf`).
    private static func pattern(in document: CommittedDocument, schema name: String) throws -> NSRegularExpression {
        let schemas = try CommittedDocument.object((document.root["components"] as? [String: Any])?["schemas"])
        let schema = try CommittedDocument.object(schemas[name])
        let branches = [schema] + (schema["oneOf"] as? [[String: Any]] ?? [])
        let pattern = try #require(branches.lazy.compactMap { $0["pattern"] as? String }.first, "\(name)")
        return try NSRegularExpression(pattern: pattern)
    }

    /// A signed decimal near an anchor or anywhere, sometimes with leading zeros; or random characters.
    private static func numberCandidate(using generator: inout SplitMix64) -> String {
        guard Int.random(in: 0..<4, using: &generator) != 0 else {
            return String((0..<Int.random(in: 0...22, using: &generator)).map { _ in
                Array("0123456789+- .e").randomElement(using: &generator)!
            })
        }
        let anchor = numberAnchors.randomElement(using: &generator)!
        let magnitude = Bool.random(using: &generator)
            ? String(anchor.magnitude + UInt64.random(in: 0...3, using: &generator) - min(anchor.magnitude, 2))
            : String(UInt64.random(in: 0...(UInt64(1) << UInt64.random(in: 1...63, using: &generator)), using: &generator))
        let sign = ["", "", "+", "-"].randomElement(using: &generator)!
        return sign + String(repeating: "0", count: [0, 0, 0, 1, 4].randomElement(using: &generator)!) + magnitude
    }

    /// As JSON Schema reads a pattern: ECMA-262's `$` ends the text, never a line before a final newline.
    private static func wholeMatch(_ pattern: NSRegularExpression, _ text: String) -> Bool {
        let whole = NSRange(text.startIndex..., in: text)
        return pattern.firstMatch(in: text, range: whole)?.range == whole
    }

    /// Near misses as often as hits: a signature (a WebP with any size bytes) with a tail, sometimes cut short or
    /// with one byte changed, encoded with random spare bits; or random characters around the alphabet.
    private static func imageCandidate(using generator: inout SplitMix64) -> String {
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
