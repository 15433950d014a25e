import Foundation
import OpenMarketHTTPTestSupport
import Testing
import Yams

@Suite("OpenMarketSchemaEmbedder --openapi, the tool that writes the embedded API documents")
struct OpenAPIEmbedderTests {
    private func embed(_ yaml: String) throws -> SchemaEmbedderRun {
        try SchemaEmbedderRun(options: ["--openapi"], files: [("v9.yaml", Array(yaml.utf8))])
    }

    @Test func everyScalarBecomesTheJSONValueYAMLMeans() throws {
        let yaml = """
            openapi: 3.1.0
            servers:
              - url: http://127.0.0.1:8080
            x-values: &values
              200: an int key
              quoted: '2456'
              int: -7
              float: 6.6666666e+7
              yes: true
              none: null
              tricky: "q\\" \\\\ é\\t"
            x-again: *values

            """
        let run = try embed(yaml)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.source.contains(#"\"200\": \"an int key\""#))
        #expect(run.source.contains(#"\"quoted\": \"2456\""#))
        #expect(run.source.contains(#"\"int\": -7"#))
        #expect(run.source.contains(#"\"float\": 66666666.0"#))
        #expect(run.source.contains(#"\"yes\": true"#))
        #expect(run.source.contains(#"\"none\": null"#))
        #expect(run.source.contains(#"\"tricky\": \"q\\\" \\\\ é\\t\""#))
        #expect(run.source.components(separatedBy: #"\"tricky\""#).count == 3, "the alias is written out in full")
    }

    @Test func theServersSpansAreRecorded() throws {
        let run = try embed("openapi: 3.1.0\nservers:\n  - url: http://a\n# between\ninfo: {}\n")
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.source.contains("yamlServers: 15..<42,"), "from `servers:` to the next line at column 0")
    }

    @Test func aDocumentWithoutServersIsRefused() throws {
        let run = try embed("openapi: 3.1.0\ninfo: {}\n")
        #expect(run.status != 0)
        #expect(run.errors.contains("v9.yaml: the document needs a top-level `servers`"))
    }

    @Test func whatJSONCannotSayIsRefused() throws {
        #expect(try embed("servers: []\nwhen: 2024-02-07\n").errors.contains("JSON cannot say tag:yaml.org,2002:timestamp"))
        #expect(try embed("servers: []\nhow-far: .inf\n").errors.contains("JSON cannot say tag:yaml.org,2002:float"))
        #expect(try embed("servers: [\n").errors.contains("v9.yaml: not valid YAML"))
    }
}
