import HTTPServer
import MarketStore

/// What v1a and v1b do differently: only how DELETE is asked and answered (§2.4 of the spec). Everything else of
/// the Vapor server is `VaporAPI`.
public protocol VaporDialect: Sendable {
    static var name: String { get }
    /// Checks what the DELETE body carries besides the password; unknown keys are never an error.
    static func checkDeleteBody(_ body: RequestJSON.Object, itemID: Int64) throws(HTTPError)
    /// The body of a successful DELETE.
    static func deletedItemBody(_ item: Product, items: VaporItemWriter) -> [UInt8]
}
