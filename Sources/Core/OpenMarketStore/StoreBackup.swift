#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OpenMarketSQLite

/// A consistent copy of a store as one file, made while a server may be writing to it.
package enum StoreBackup {
    /// Copies the store at `source` to `destination` with SQLite's online backup, which reads one snapshot (what the
    /// WAL holds included) while writers go on. The copy is written beside `destination` under a temporary name
    /// and renamed into place once complete, so a failure leaves no half copy; an existing `destination` is
    /// refused unless `replacing`. The source is opened read-only and must be an OpenMarket store.
    package static func copy(from source: String, to destination: String, replacing: Bool) throws(BackupError) {
        try checkPaths(source: source, destination: destination, replacing: replacing)
        let partial = URL(fileURLWithPath: destination).deletingLastPathComponent()
            .appendingPathComponent(".\(URL(fileURLWithPath: destination).lastPathComponent).\(UUID().uuidString).partial")
            .path
        defer { try? FileManager.default.removeItem(atPath: partial) }
        do {
            try copyDatabase(from: source, to: partial)
        } catch let error as StoreError {
            throw .store(error)
        } catch let error as SQLiteError where error.primaryCode == SQLiteError.Code.full {
            throw .copyFailed(destination: destination, reason: "the disk that holds it is full")
        } catch {
            throw .copyFailed(destination: destination, reason: "\(error)")
        }
        // Checked again just before the rename, which would replace a file made meanwhile.
        if !replacing, FileManager.default.fileExists(atPath: destination) {
            throw .destinationExists(path: destination)
        }
        guard rename(partial, destination) == 0 else {
            throw .copyFailed(destination: destination, reason: "the finished copy could not be renamed into place")
        }
    }

    private static func checkPaths(source: String, destination: String, replacing: Bool) throws(BackupError) {
        guard source != ":memory:", kind(source) == .typeRegular else { throw .noStore(path: source) }
        if let existing = kind(destination) {
            if existing == .typeDirectory { throw .destinationIsFolder(path: destination) }
            if resolved(destination) == resolved(source) { throw .sameFile(path: destination) }
            if !replacing { throw .destinationExists(path: destination) }
        }
        let folder = URL(fileURLWithPath: destination).deletingLastPathComponent().path
        guard kind(folder) == .typeDirectory else { throw .destinationFolderMissing(path: folder) }
    }

    /// What is at `path` once symbolic links are followed; nil for nothing.
    private static func kind(_ path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: resolved(path)))?[.type] as? FileAttributeType
    }

    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    private static func copyDatabase(from source: String, to partial: String) throws {
        let reading = try Connection(path: source, flags: [.readOnly, .noMutex])
        try reading.setBusyTimeout(milliseconds: ConnectionPool.busyTimeoutMilliseconds)
        do {
            try DatabaseIdentity.checkOwnSchema(reading, path: source)
        } catch let error as SQLiteError where error.primaryCode == SQLiteError.Code.notADatabase {
            throw StoreError.notADatabase(path: source)
        }
        let writing = try Connection(path: partial, flags: [.readWrite, .create, .noMutex])
        try writing.setBusyTimeout(milliseconds: ConnectionPool.busyTimeoutMilliseconds)
        try reading.copy(to: writing)
    }
}
