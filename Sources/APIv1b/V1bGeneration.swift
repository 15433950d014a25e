import HTTPServer
import MarketAPI
import MarketStore

/// camp-open-market-2.herokuapp.com, May – Oct 2021: DELETE takes `{"password"}` and answers the deleted item.
public typealias V1bGeneration = VaporGeneration<V1bDialect>

public enum V1bDialect: VaporDialect {
    public static let name = "v1b"

    /// Nothing but the password counts; one v1b app still sent `id` as well.
    public static func checkDeleteBody(_ body: RequestJSON.Object, itemID: Int64) throws(HTTPError) {}

    public static func deletedItemBody(_ item: Product, items: VaporItemWriter) -> [UInt8] {
        items.detail(item)
    }
}
