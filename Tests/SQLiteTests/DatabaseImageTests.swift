import Foundation
@testable import OpenMarketSQLite
import Testing

@Suite("Database images and their private copies")
struct DatabaseImageTests {
    /// The image of a database whose table `t` holds `rows` rows of a kilobyte each.
    private func image(rows: Int) throws -> DatabaseImage {
        let source = try Connection(path: ":memory:")
        try source.execute("""
            CREATE TABLE t(id INTEGER PRIMARY KEY, body BLOB);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
            INSERT INTO t SELECT i, zeroblob(1024) FROM n;
            """)
        return try source.fileImage()
    }

    private func copy(of image: DatabaseImage) throws -> Connection {
        let connection = try Connection(path: ":memory:")
        try connection.replaceMain(withCopyOf: image)
        return connection
    }

    private func rows(_ connection: Connection) throws -> Int {
        try connection.withStatement("SELECT count(*) FROM t") { try $0.step() ? $0.column(0) : -1 }
    }

    private func databaseBytes(_ connection: Connection) throws -> Int {
        let pages: Int = try connection.withStatement("PRAGMA page_count") { try $0.step() ? $0.column(0) : 0 }
        let size: Int = try connection.withStatement("PRAGMA page_size") { try $0.step() ? $0.column(0) : 0 }
        return pages * size
    }

    @Test("each copy's writes stay its own: the image and the other copies keep what the image held")
    func copiesAreIndependent() throws {
        let image = try image(rows: 100)
        let first = try copy(of: image)
        let second = try copy(of: image)
        try first.execute("DELETE FROM t WHERE id > 10; UPDATE t SET body = zeroblob(10)")
        #expect(try rows(first) == 10)
        #expect(try rows(second) == 100)
        #expect(try rows(copy(of: image)) == 100)
        #expect(try Connection.withImage(image) { try rows($0) } == 100)
    }

    @Test("a copy grows far past the image, into the room reserved after it")
    func copiesGrow() throws {
        let image = try image(rows: 4)
        let copy = try copy(of: image)
        try copy.execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 4000)
            INSERT INTO t(body) SELECT zeroblob(4096) FROM n;
            """)
        #expect(try rows(copy) == 4004)
        #expect(try databaseBytes(copy) > 100 * image.byteCount)
        #expect(try Connection.withImage(image) { try rows($0) } == 4)
    }

    @Test("an image that its folder cannot take is a TemporaryFileError naming the folder and the system's reason")
    func aFolderThatCannotTakeIt() throws {
        let source = try Connection(path: ":memory:")
        try source.execute("CREATE TABLE t(id INTEGER PRIMARY KEY)")
        let folder = "/nonexistent-openmarket-folder"
        #expect(throws: TemporaryFileError(folder: folder, reason: "No such file or directory")) {
            try source.fileImage(in: folder)
        }
    }

    #if os(Linux)
    @Test("a copy's mapping goes with its connection, while the image stays for the next copies")
    func mappingsGoWithTheirConnections() throws {
        let image = try image(rows: 10)
        var status = stat()
        #expect(fstat(image.descriptor, &status) == 0)
        // /proc/self/maps: address, permissions, offset, device, inode, path ("... (deleted)" for an unlinked file).
        // Read to its end: String(contentsOfFile:) reads a file whose size says 0 (as procfs files' do) in one read,
        // its first page, which held the line only while few mappings came before it (ThreadSanitizer adds many).
        let inode = "\(status.st_ino)"
        func mappingsOnce() throws -> Int {
            let maps = try #require(FileHandle(forReadingAtPath: "/proc/self/maps")).readToEnd() ?? Data()
            return String(decoding: maps, as: UTF8.self).split(separator: "\n").filter { line in
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                return fields.count > 5 && fields[4] == inode && line.contains("openmarket-store")
            }.count
        }
        // The kernel writes the file a page at a time; the other tests' threads map and unmap meanwhile, so one
        // read can show a line twice or miss it. This test's own mappings do not change while it reads: two reads
        // in a row that agree give their count.
        func mappings() throws -> Int? {
            var last = try mappingsOnce()
            for _ in 0..<20 {
                let next = try mappingsOnce()
                if next == last { return next }
                last = next
            }
            return nil
        }
        var copy: Connection? = try copy(of: image)
        #expect(try mappings() == 1)
        #expect(try rows(#require(copy)) == 10)
        copy = nil
        #expect(try mappings() == 0)
        #expect(try rows(self.copy(of: image)) == 10)
    }
    #endif
}
