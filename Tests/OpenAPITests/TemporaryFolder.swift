import OpenMarketAPI
import OpenMarketHTTPTestSupport
import OpenMarketStore

/// A store in a temporary folder, for building a generation's context and router without serving them.
final class TemporaryFolder {
    private let directory: TemporaryDirectory
    private var contexts = 0

    init() throws {
        directory = try TemporaryDirectory()
    }

    func context(publicURL: String?) throws -> APIContext {
        contexts += 1
        let store = try MarketStore(path: directory.path("market\(contexts).sqlite"), readers: 1)
        return APIContext(store: store, clock: MarketClock(fixedAt: 0), strict: false, publicURL: publicURL)
    }
}
