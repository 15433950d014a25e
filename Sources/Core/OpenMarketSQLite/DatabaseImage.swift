import COpenMarketSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A database file's bytes (as `Connection.fileImage` makes them), kept in an unlinked temporary file so that each
/// writable copy maps the file privately: the copy shares the file's pages until it writes one, and then owns a copy of
/// that page only. A copy of a store of any size is one mapping instead of a copy of every byte, and dropping it is one
/// unmapping. Immutable: the file is written once, here, and closed when the image goes.
package final class DatabaseImage: Sendable {
    /// The file; nothing writes to it after `init`, as every mapping of it is private.
    let descriptor: Int32
    package let byteCount: Int

    /// Room reserved after a writable copy's bytes for it to grow into, in address space only: nothing is allocated
    /// until written. A copy that would grow past it gets SQLITE_FULL.
    static let growthRoom = 16 << 30

    /// Where images are written: `TMPDIR`, else /tmp.
    package static var temporaryFolder: String {
        getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    }

    /// Writes `parts`, one after the other, to a new file in `folder`, which is unlinked at once: the system frees it
    /// when the image goes, or the process ends.
    init(writing parts: [UnsafeRawBufferPointer], in folder: String) throws(TemporaryFileError) {
        var path = Array("\(folder.hasSuffix("/") ? folder : folder + "/")openmarket-store.XXXXXX".utf8CString)
        let file = path.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard file >= 0 else { throw Self.failure(in: folder) }
        path.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        for part in parts {
            var written = 0
            while written < part.count {
                let count = write(file, part.baseAddress! + written, part.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    let error = Self.failure(in: folder)
                    close(file)
                    throw error
                }
                written += count
            }
        }
        descriptor = file
        byteCount = parts.reduce(0) { $0 + $1.count }
    }

    deinit {
        close(descriptor)
    }

    /// A private, writable mapping of the bytes followed by `growthRoom` bytes of zeroes; nil when the system refuses
    /// so much address space (an iPhone may), and the caller copies instead. Unmap it with `unmap`.
    func mapWritableCopy() -> UnsafeMutableRawPointer? {
        let total = byteCount + Self.growthRoom
        // Address space for the whole, then the file over its start: the room after the bytes stays anonymous.
        let reserved = mmap(nil, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON | MAP_NORESERVE, -1, 0)
        guard let reserved, reserved != MAP_FAILED else { return nil }
        guard byteCount > 0 else { return reserved }
        let mapped = mmap(reserved, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_FIXED, descriptor, 0)
        guard mapped == reserved else {
            munmap(reserved, total)
            return nil
        }
        return reserved
    }

    static func unmap(_ copy: UnsafeMutableRawPointer, byteCount: Int) {
        munmap(copy, byteCount + growthRoom)
    }

    /// Reads the bytes into `buffer` (which holds `byteCount`), for a copy made without a mapping.
    func read(into buffer: UnsafeMutableRawPointer) throws {
        var done = 0
        while done < byteCount {
            let count = pread(descriptor, buffer + done, byteCount - done, off_t(done))
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Self.failure("cannot read the store's copy back") }
            done += count
        }
    }

    /// Runs `body` with the bytes, mapped read-only for the call.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) throws -> Result {
        guard byteCount > 0 else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        let mapped = mmap(nil, byteCount, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else { throw Self.failure("cannot map the store's copy") }
        defer { munmap(mapped, byteCount) }
        return try body(UnsafeRawBufferPointer(start: mapped, count: byteCount))
    }

    /// errno's reason, read before anything else can change it; a write that wrote nothing is a full disk.
    private static func failure(in folder: String) -> TemporaryFileError {
        let code = errno
        return TemporaryFileError(folder: folder, reason: String(cString: strerror(code == 0 ? ENOSPC : code)))
    }

    private static func failure(_ what: String) -> SQLiteError {
        let code = errno
        return SQLiteError(code: SQLITE_IOERR, message: "\(what): \(String(cString: strerror(code)))")
    }
}
