import MarketStore

/// What differs between the two Spring generations (v2a and v2b) in the endpoints they share.
public protocol SpringDialect: Sendable {
    /// Request keys holding the description, the generation's own first (v2b `description`, v2a `descriptions`).
    var descriptionKeys: [String] { get }
    var imageLayout: any ImageKeyLayout { get }
    func writeDetail(_ product: Product, base: BaseURL) -> [UInt8]
    func writePage(_ window: PageWindow, products: [Product], base: BaseURL) -> [UInt8]
}
