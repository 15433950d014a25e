/// The order of a product list.
public enum ListOrder: Sendable {
    /// Id descending (v2).
    case newestFirst
    /// Id ascending (v1).
    case oldestFirst
}

/// One page of a product list, with the size of the whole (filtered) list.
public struct ProductPage: Sendable, Equatable {
    public var products: [Product]
    public var totalCount: Int

    public init(products: [Product], totalCount: Int) {
        self.products = products
        self.totalCount = totalCount
    }
}
