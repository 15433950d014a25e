/// The order of a product list.
package enum ListOrder: Sendable {
    /// Id descending (v2).
    case newestFirst
    /// Id ascending (v1).
    case oldestFirst
}

/// One page of a product list, with the size of the whole (filtered) list.
package struct ProductPage: Sendable, Equatable {
    package var products: [Product]
    package var totalCount: Int

    package init(products: [Product], totalCount: Int) {
        self.products = products
        self.totalCount = totalCount
    }
}
