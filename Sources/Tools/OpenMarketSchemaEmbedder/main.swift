import Foundation

// Writes a Swift file that embeds committed files verbatim. scripts/check-embedded runs it for the three committed
// Embedded*.swift files, so that an app's build needs neither a build plugin nor this tool (and its YAML parser).
// Usage: OpenMarketSchemaEmbedder <output.swift> <NNNN_name.sql>...            the store's migrations
//        OpenMarketSchemaEmbedder --openapi <output.swift> <generation.yaml>...  the API documents, as YAML and as JSON
//        OpenMarketSchemaEmbedder --page <output.swift> <file.html|css|js|svg>...    the admin page

let usage = """
    usage: OpenMarketSchemaEmbedder <output.swift> <NNNN_name.sql>...
           OpenMarketSchemaEmbedder --openapi <output.swift> <generation.yaml>...
           OpenMarketSchemaEmbedder --page <output.swift> <file.html|css|js|svg>...

    """
var arguments = CommandLine.arguments.dropFirst()
let mode = arguments.first.flatMap { $0.hasPrefix("--") ? $0 : nil }
if mode != nil {
    arguments = arguments.dropFirst()
}
guard let outputPath = arguments.first else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(64)
}
do {
    let inputs = arguments.dropFirst()
    let source: String
    switch mode {
    case "--openapi":
        let documents = try inputs.map(OpenAPIDocumentFile.init(path:)).sorted { $0.fileName < $1.fileName }
        source = OpenAPIDocumentFile.swiftSource(embedding: documents)
    case "--page":
        let files = try inputs.map(PageFile.init(path:)).sorted { $0.fileName < $1.fileName }
        source = PageFile.swiftSource(embedding: files)
    case nil:
        let files = try inputs.map(SchemaFile.init(path:)).sorted { $0.version < $1.version }
        try SchemaFile.checkNumbering(files)
        source = SchemaFile.swiftSource(embedding: files)
    case let unknown?:
        throw SchemaError("unknown mode \(unknown)\n\(usage)")
    }
    try Data(source.utf8).write(to: URL(fileURLWithPath: outputPath))
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
