import Foundation
import OpenMarketPosixSpawn

/// A tmpfs of a few MiB mounted on a temporary folder for one test, and a ballast file that fills it up.
/// Mounting needs root (or CAP_SYS_ADMIN); `canMount` tells whether this machine allows it.
package final class SmallDisk {
    /// Where the tmpfs is mounted.
    package let folder: TemporaryDirectory
    private var ballast: FileHandle?

    package static let canMount: Bool = {
        guard let probe = try? SmallDisk(megabytes: 1) else { return false }
        withExtendedLifetime(probe) {}
        return true
    }()

    package init(megabytes: Int) throws {
        folder = try TemporaryDirectory()
        try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", folder.url.path])
    }

    deinit {
        try? ballast?.close()
        // Lazy: a server of the test may still hold its database open here, and a plain umount would then fail
        // and leave the tmpfs mounted for good; detached, it goes once the last file is closed.
        try? Self.run("/bin/umount", ["--lazy", folder.url.path])
    }

    package func path(_ name: String) -> String {
        folder.path(name)
    }

    /// Writes the ballast until the disk has no byte left.
    package func fill() throws {
        let path = folder.path("ballast")
        if ballast == nil {
            guard FileManager.default.createFile(atPath: path, contents: nil),
                  let handle = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileWriteUnknown) }
            ballast = handle
        }
        let chunk = Data(count: 4096)
        for _ in 0..<100_000 {  // far more than any disk here holds
            do { try ballast?.write(contentsOf: chunk) } catch { return }
        }
    }

    /// Shortens the ballast by `megabytes`, as a user deleting a file of that size would.
    package func free(megabytes: Int) throws {
        guard let ballast else { return }
        let size = try ballast.seekToEnd()
        try ballast.truncate(atOffset: size - min(size, UInt64(megabytes << 20)))
    }

    /// Removes the ballast, giving its space back.
    package func empty() throws {
        try ballast?.close()
        ballast = nil
        try FileManager.default.removeItem(atPath: folder.path("ballast"))
    }

    private static func run(_ tool: String, _ arguments: [String]) throws {
        let process = try SpawnedProcess(executable: tool, arguments: arguments, standardError: .nullDevice)
        guard process.waitUntilExit() == .exited(0) else { throw CocoaError(.executableLoad) }
    }
}
