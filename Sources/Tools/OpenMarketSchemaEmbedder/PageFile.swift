import Foundation

/// A file of the admin page, `Sources/API/OpenMarketAdminPlane/Page/<name>.{html,css,js,svg}`, kept byte for byte:
/// the server answers it as text, so it must be UTF-8.
struct PageFile {
    let fileName: String
    let text: String

    init(path: String) throws {
        fileName = URL(fileURLWithPath: path).lastPathComponent
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        text = String(decoding: bytes, as: UTF8.self)
        guard Array(text.utf8) == bytes else { throw SchemaError("\(fileName): not valid UTF-8") }
    }

    static func swiftSource(embedding files: [PageFile]) -> String {
        let entries = files.map { file in
            "    EmbeddedPageFile(fileName: \(Quoting.swift(file.fileName)), text: \(Quoting.swift(file.text))),\n"
        }
        return GeneratedHeader.text(from: "Sources/API/OpenMarketAdminPlane/Page/")
            + "let embeddedPageFiles: [EmbeddedPageFile] = [\n" + entries.joined() + "]\n"
    }
}
