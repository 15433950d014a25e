import COpenMarketSQLite
import OpenMarketHTTPTestSupport
@testable import OpenMarketSQLite
@testable import OpenMarketStore
import Testing

@Suite("Memory the store keeps")
struct MemoryTests {
    /// SQLite keeps its own copy of a bound blob until the parameter is unbound: the cached image insert used to
    /// keep the last uploaded image (up to 32 MiB) for the life of the process.
    @Test func anUploadedImageIsNotKeptBoundAfterItsProductIsStored() throws {
        let directory = try TemporaryDirectory()
        let store = try MarketStore(path: directory.path("memory.sqlite"), readers: 1)
        _ = try store.createProduct(Fixture.product("kept?"), images: [Fixture.image("kept?")])
        let bound = try store.connections.write { connection in
            let statement = try connection.prepared(MarketStore.insertImageBytes)
            let expanded = sqlite3_expanded_sql(statement.pointer)
            defer { sqlite3_free(expanded) }
            return expanded.map { String(cString: $0) }
        }
        #expect(bound == "INSERT INTO image_data (image_id, bytes) VALUES (NULL, NULL)")
    }
}
