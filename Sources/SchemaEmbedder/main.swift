import Foundation

// Build-time tool of the EmbedSchema plugin: writes a Swift file that embeds Schema/ verbatim.
// Usage: SchemaEmbedder <output.swift> <NNNN_name.sql>...            the store's migrations
//        SchemaEmbedder --openapi <output.swift> <generation.yaml>...  the API documents, as YAML and as JSON

let usage = """
    usage: SchemaEmbedder <output.swift> <NNNN_name.sql>...
           SchemaEmbedder --openapi <output.swift> <generation.yaml>...

    """
var arguments = CommandLine.arguments.dropFirst()
let embedsDocuments = arguments.first == "--openapi"
if embedsDocuments {
    arguments = arguments.dropFirst()
}
guard let outputPath = arguments.first else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(64)
}
do {
    let inputs = arguments.dropFirst()
    let source: String
    if embedsDocuments {
        let documents = try inputs.map(OpenAPIDocumentFile.init(path:)).sorted { $0.fileName < $1.fileName }
        source = OpenAPIDocumentFile.swiftSource(embedding: documents)
    } else {
        let files = try inputs.map(SchemaFile.init(path:)).sorted { $0.version < $1.version }
        try SchemaFile.checkNumbering(files)
        source = SchemaFile.swiftSource(embedding: files)
    }
    try Data(source.utf8).write(to: URL(fileURLWithPath: outputPath))
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
