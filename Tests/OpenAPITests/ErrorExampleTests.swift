import Foundation
@testable import OpenMarketAPI
import OpenMarketHTTPCore
import OpenMarketHTTPTestSupport
import Testing

/// The error bodies the documents show must be ones the server sends: each example in its generation's error shape,
/// with a message the catalogue renders for that generation (or the router's own 405), and the `Error` schema with
/// exactly the shape's keys.
@Suite("OpenAPI error examples come from the error catalogue")
struct ErrorExampleTests {
    @Test(arguments: Generation.all)
    func everyErrorExampleIsAMessageTheGenerationSends(_ generation: Generation) throws {
        let document = try CommittedDocument(generation)
        let sent = Set(APIErrorSamples.all.map { $0.message(in: generation.errors) })
            .union(try routerMessages(generation, document))
        let examples = errorExamples(in: document.root)
        #expect(!examples.isEmpty, "\(document.fileName) shows no error example")
        for (place, example) in examples {
            #expect(
                Set(example.keys) == Set(Self.keys(of: generation.errors)),
                "\(document.fileName) \(place): \(example) is not in \(generation)'s error shape")
            let message = example[Self.messageKey(of: generation.errors)] as? String
            #expect(message.map(sent.contains) == true, "\(document.fileName) \(place): \(message ?? "no message") is not a message \(generation) sends")
            if generation.errors == .vapor {
                #expect(example["error"] as? Bool == true, "\(document.fileName) \(place)")
            }
        }
    }

    @Test(arguments: Generation.all)
    func theErrorSchemaHasTheShapesKeys(_ generation: Generation) throws {
        let document = try CommittedDocument(generation)
        let schemas = try CommittedDocument.object(document.root["components"].flatMap { ($0 as? [String: Any])?["schemas"] })
        let error = try CommittedDocument.object(schemas["Error"])
        let keys = Self.keys(of: generation.errors)
        #expect(error["required"] as? [String] == keys)
        #expect(Set((error["properties"] as? [String: Any] ?? [:]).keys) == Set(keys))
        #expect(error["additionalProperties"] as? Bool == false)
    }

    /// The keys of the family's body, in the order the server writes them.
    private static func keys(of family: ErrorFamily) -> [String] {
        let body = family.render(HTTPError(status: .notFound, message: "x")).body
        return JSONKeyOrder.keys(in: String(decoding: body, as: UTF8.self))
    }

    private static func messageKey(of family: ErrorFamily) -> String {
        family == .vapor ? "reason" : "message"
    }

    /// The router's 405 for every documented path asked with PUT, which no document lists.
    private func routerMessages(_ generation: Generation, _ document: CommittedDocument) throws -> [String] {
        let router = generation.makeRouter(context: try TemporaryFolder().context(publicURL: nil))
        return document.operations.compactMap { operation in
            let path = operation.path.split(separator: "/", omittingEmptySubsequences: false)
                .map { $0.hasPrefix("{") ? "1" : String($0) }.joined(separator: "/")
            return router.respond(to: Request(method: .put, path: path)).errorMessage
        }
    }

    /// Every example of a JSON body whose schema is the document's `Error`, with where it is.
    private func errorExamples(in node: Any, at place: String = "") -> [(String, [String: Any])] {
        if let list = node as? [Any] {
            return list.enumerated().flatMap { errorExamples(in: $1, at: "\(place)[\($0)]") }
        }
        guard let object = node as? [String: Any] else { return [] }
        var found: [(String, [String: Any])] = []
        let schema = object["schema"] as? [String: Any]
        if schema?["$ref"] as? String == "#/components/schemas/Error" {
            if let example = object["example"] as? [String: Any] { found.append((place, example)) }
            for (name, named) in object["examples"] as? [String: Any] ?? [:] {
                if let value = (named as? [String: Any])?["value"] as? [String: Any] { found.append(("\(place).\(name)", value)) }
            }
        }
        for (key, value) in object.sorted(by: { $0.key < $1.key }) where key != "example" && key != "examples" {
            found += errorExamples(in: value, at: "\(place)/\(key)")
        }
        return found
    }
}
