import Foundation
import Testing

/// The image's binary is linked with a static Swift runtime; one `import Foundation` in a module of the server
/// would bring ICU's data along (60 MB stripped instead of 16 MB). FoundationEssentials has no ICU.
@Suite("the server's modules")
struct FoundationImportTests {
    /// Targets that are not linked into `openmarket`: the app-side client, the in-process emulator (a URLProtocol
    /// needs Foundation) and the test launcher, build tools and test helpers.
    private static let notInTheServer: Set<String> = [
        "OpenMarketClient", "OpenMarketEmulator", "OpenMarketTesting", "OpenMarketSchemaEmbedder",
        "OpenMarketStoreCrashWriter",
    ]

    @Test("import FoundationEssentials at most; Foundation only where FoundationEssentials is missing (macOS)")
    func noFoundation() throws {
        let sources = RepositoryFile.root.appendingPathComponent("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).flatMap { layer in
            try FileManager.default.contentsOfDirectory(atPath: sources.appendingPathComponent(layer).path)
                .map { "\(layer)/\($0)" }
        }.filter { !Self.notInTheServer.contains(String($0.split(separator: "/").last ?? "")) }
        #expect(modules.contains("Products/openmarket") && modules.contains("Transport/OpenMarketHTTPServer"))
        var checked = 0
        for module in modules {
            let directory = sources.appendingPathComponent(module)
            let files = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let lines = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                    .split(separator: "\n", omittingEmptySubsequences: false)
                checked += 1
                for (number, line) in lines.enumerated() where line.trimmingCharacters(in: .whitespaces).hasSuffix("import Foundation") {
                    let before = lines[..<number].suffix(3)
                    #expect(before.first == "#if canImport(FoundationEssentials)" && before.last == "#else",
                            "Sources/\(module)/\(file):\(number + 1) imports Foundation without the FoundationEssentials branch")
                }
            }
        }
        #expect(checked > 50)
    }
}
