import ArgumentParser
import OpenMarketCatalogue
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OpenMarketStore

/// `openmarket export`: a store as a fixture that `--seed` reads back.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a store's vendors and products as a fixture: DIR/fixture.json and the images in DIR/images/.",
        discussion: """
            Start a new store from it with --seed DIR/fixture.json and the same --api: it answers as the exported \
            one did, ids, times, image URLs and secrets included. Export a store the server is not writing to.
            """)

    @Option(help: "The SQLite file to export; OPENMARKET_DATABASE when not given.")
    var database: String?

    @Argument(help: "The folder to write into; created if needed.")
    var directory: String

    func run() throws {
        guard let path = database ?? EnvironmentReader(ProcessInfo.processInfo.environment)["OPENMARKET_DATABASE"] else {
            throw ValidationError("give the store to export with --database PATH")
        }
        // Opening creates a missing file, and an empty new store is never what was meant.
        guard path != ":memory:", FileManager.default.fileExists(atPath: path) else {
            throw ValidationError("there is no database at \(path); give the path of an existing store")
        }
        do {
            let store = try MarketStore(path: path, readers: 1)
            let count = try FixtureWriter.write(store, to: URL(fileURLWithPath: directory))
            print("exported \(count) products to \(directory)/\(FixtureWriter.fileName)")
        } catch let error as StoreError {
            throw ValidationError("\(path): \(error)")
        }
    }
}
