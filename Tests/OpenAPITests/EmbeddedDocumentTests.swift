import Foundation
@testable import OpenMarketAPI
import OpenMarketHTTPCore
import Testing
import Yams

@Suite("OpenAPI documents embedded in the binary")
struct EmbeddedDocumentTests {
    private static let serverURL = "http://192.168.0.7:8080"

    @Test func theBinaryEmbedsExactlyTheCommittedFiles() throws {
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: CommittedDocument.folder.path)
            .filter { $0.hasSuffix(".yaml") }
            .sorted()
        #expect(embeddedOpenAPIDocuments.map(\.fileName) == onDisk)
        for document in embeddedOpenAPIDocuments {
            #expect(Array(document.yaml.utf8) == (try CommittedDocument(fileName: document.fileName).bytes))
        }
    }

    @Test(arguments: Generation.all)
    func everyGenerationHasItsDocument(_ generation: Generation) throws {
        for format in OpenAPIFormat.allCases {
            #expect(generation.openAPIDocument(format, serverURL: Self.serverURL) != nil)
        }
    }

    @Test(arguments: Generation.all, OpenAPIFormat.allCases)
    func theServedDocumentIsTheCommittedOneWithItsServer(_ generation: Generation, _ format: OpenAPIFormat) throws {
        let served = try parse(try #require(generation.openAPIDocument(format, serverURL: Self.serverURL)), format)
        let servers = try #require(served["servers"] as? [[String: Any]])
        #expect(servers.count == 1)
        #expect(servers.first?["url"] as? String == Self.serverURL)

        var committed = try CommittedDocument(generation).root
        var rest = served
        committed["servers"] = nil
        rest["servers"] = nil
        #expect(try CommittedDocument.canonical(rest) == CommittedDocument.canonical(committed))
    }

    @Test(arguments: OpenAPIFormat.allCases)
    func anyHostSurvivesInTheServerURL(_ format: OpenAPIFormat) throws {
        let url = #"http://odd"host\name:'8080'"#
        let served = try parse(try #require(Generation.v2b.openAPIDocument(format, serverURL: url)), format)
        let servers = try #require(served["servers"] as? [[String: Any]])
        #expect(servers.first?["url"] as? String == url)
    }

    @Test func theJSONIsIndentedInTheDocumentsOrder() throws {
        let json = String(decoding: try #require(Generation.v2b.openAPIDocument(.json, serverURL: Self.serverURL)), as: UTF8.self)
        #expect(json.hasPrefix("{\n  \"openapi\": \"3.1.0\",\n  \"info\": {\n"))
        #expect(json.contains("\"servers\": [\n    {\n      \"url\": \"http://192.168.0.7:8080\","))
    }

    @Test func theResponseNamesTheHostTheRequestCameInOn() throws {
        let folder = try TemporaryFolder()
        let context = try folder.context(publicURL: nil)
        let request = Request(method: .get, path: "/openapi.yaml", headers: HTTPHeaders([("Host", "10.0.0.5:9000")]))
        let response = try Generation.v1a.openAPIResponse(.yaml, to: request, context: context)
        #expect(response.headers["Content-Type"] == "application/yaml")
        let served = try parse(response.body, .yaml)
        #expect((served["servers"] as? [[String: Any]])?.first?["url"] as? String == "http://10.0.0.5:9000")

        let proxied = try folder.context(publicURL: "https://market.example/")
        let behindProxy = try Generation.v1a.openAPIResponse(.json, to: request, context: proxied)
        #expect(behindProxy.headers["Content-Type"] == "application/json")
        #expect((try parse(behindProxy.body, .json)["servers"] as? [[String: Any]])?.first?["url"] as? String == "https://market.example")
    }

    private func parse(_ bytes: [UInt8], _ format: OpenAPIFormat) throws -> [String: Any] {
        switch format {
        case .json: try CommittedDocument.object(JSONSerialization.jsonObject(with: Data(bytes)))
        case .yaml: try CommittedDocument.object(Yams.load(yaml: String(decoding: bytes, as: UTF8.self)))
        }
    }
}
