import Foundation

/// A migration file `NNNN_name.sql`, read and checked so the build fails early on anything the store could not run.
struct SchemaFile {
    let version: Int
    let fileName: String
    let sql: String

    init(path: String) throws {
        fileName = URL(fileURLWithPath: path).lastPathComponent
        let number = fileName.prefix { $0.isASCII && $0.isNumber }
        guard !number.isEmpty, fileName.dropFirst(number.count).first == "_", let version = Int(number) else {
            throw SchemaError("\(fileName): a migration file name must start with its number and '_', e.g. 0002_add_index.sql")
        }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let text = String(decoding: bytes, as: UTF8.self)
        guard Array(text.utf8) == bytes else { throw SchemaError("\(fileName): not valid UTF-8") }
        // sqlite3_exec reads a C string, which would end at the first NUL.
        guard !bytes.contains(0) else { throw SchemaError("\(fileName): contains a NUL byte") }
        self.version = version
        self.sql = text
    }

    /// Versions must run 1, 2, 3... without gaps or repeats: they become `PRAGMA user_version`.
    static func checkNumbering(_ files: [SchemaFile]) throws {
        for (expected, file) in zip(1..., files) where file.version != expected {
            throw SchemaError("\(file.fileName): expected migration number \(expected), found \(file.version)")
        }
    }

    static func swiftSource(embedding files: [SchemaFile]) -> String {
        let entries = files.map { file in
            "    Migration(version: \(file.version), fileName: \(Quoting.swift(file.fileName)), sql: \(Quoting.swift(file.sql))),\n"
        }
        return GeneratedHeader.text(from: "Schema/*.sql")
            + "let embeddedMigrations: [Migration] = [\n" + entries.joined() + "]\n"
    }
}

struct SchemaError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
