import Foundation

// Build-time tool of the EmbedSchema plugin: writes a Swift file that embeds Schema/*.sql verbatim.
// Usage: SchemaEmbedder <output.swift> <NNNN_name.sql>...

let arguments = CommandLine.arguments.dropFirst()
guard let outputPath = arguments.first else {
    FileHandle.standardError.write(Data("usage: SchemaEmbedder <output.swift> <NNNN_name.sql>...\n".utf8))
    exit(64)
}
do {
    let files = try arguments.dropFirst().map(SchemaFile.init(path:)).sorted { $0.version < $1.version }
    try SchemaFile.checkNumbering(files)
    try Data(SchemaFile.swiftSource(embedding: files).utf8).write(to: URL(fileURLWithPath: outputPath))
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
