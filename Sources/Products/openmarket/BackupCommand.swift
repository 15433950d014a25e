import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OpenMarketStore

/// `openmarket backup`: a store as one self-contained file, while the server runs or not.
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy a store into one file that holds all of it, safe while the server is running.",
        discussion: """
            The copy is one consistent moment of the store, including changes that still sit in the -wal file. \
            An existing DEST is left as it is unless --replace is given; a failed copy leaves no file behind.
            """)

    @Option(help: "The SQLite file to copy; OPENMARKET_DATABASE when not given.")
    var database: String?

    @Flag(help: "Overwrite DEST if it exists.")
    var replace = false

    @Argument(help: "The file to write the copy to.")
    var destination: String

    func run() throws {
        guard let path = database ?? EnvironmentReader(ProcessInfo.processInfo.environment)["OPENMARKET_DATABASE"] else {
            throw ValidationError("give the store to copy with --database PATH")
        }
        try RuntimeFailure.reporting(command: "backup") {
            do {
                try StoreBackup.copy(from: path, to: destination, replacing: replace)
            } catch {
                throw RuntimeFailure("\(error)")
            }
            print("copied \(path) to \(destination)")
        }
    }
}
