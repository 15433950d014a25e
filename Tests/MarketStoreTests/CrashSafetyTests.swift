import Foundation
import OpenMarketHTTPTestSupport
import OpenMarketPosixSpawn
import OpenMarketSQLite
import OpenMarketStore
import Testing

@Suite("Crash safety")
struct CrashSafetyTests {
    private static let committedBeforeKill = 25
    private static let maximumProducts = "3000"

    @Test func aWriterKilledMidBurstLeavesOnlyCompleteProducts() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("crash.sqlite")
        let writer = try SpawnedProcess(
            executable: try builtExecutable(named: "OpenMarketStoreCrashWriter").path, arguments: [path, Self.maximumProducts],
            standardOutput: .pipe)

        var received: [UInt8] = []
        while received.count(where: { $0 == UInt8(ascii: "\n") }) < Self.committedBeforeKill {
            let chunk = writer.readOutput()
            guard !chunk.isEmpty else { break }
            received += chunk
        }
        writer.signal(SIGKILL)
        received += writer.readOutputToEnd()
        #expect(writer.waitUntilExit() == .signalled(SIGKILL))

        // A line without its newline was cut off by the kill: its create committed, but it is not needed here.
        let committed = String(decoding: received, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(committed.count >= Self.committedBeforeKill)

        let check = try Connection(path: path)
        let integrity = try check.withStatement("PRAGMA integrity_check") {
            try #require(try $0.step())
            return $0.column(0) as String
        }
        #expect(integrity == "ok")

        let store = try MarketStore(path: path)
        for line in committed {
            let fields = line.split(separator: " ")
            let id = try #require(fields.first.flatMap { Int64($0) })
            #expect(try store.product(id: id)?.name == fields.last.map(String.init))
        }
        let everything = try store.page(offset: 0, limit: 10_000, search: nil, order: .oldestFirst)
        #expect(everything.products.count >= committed.count)
        for product in everything.products {
            #expect("\(product.images.count)" == product.name.split(separator: "-").last.map(String.init))
            for image in product.images {
                #expect(try store.image(key: image.originKey)?.bytes.count == image.byteCount)
            }
        }
    }
}

private extension Data {
    func count(of byte: UInt8) -> Int {
        reduce(0) { $1 == byte ? $0 + 1 : $0 }
    }
}
