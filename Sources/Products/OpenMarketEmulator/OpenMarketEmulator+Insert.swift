import Foundation
import OpenMarketCatalogue
public import OpenMarketClient
import OpenMarketEmulatorCore
import OpenMarketStore

extension OpenMarketEmulator {
    /// Adds `products` to the store, in one transaction, and returns their ids in order. Throws ``SetupError``,
    /// naming the product and what to change, for an id that is taken, a vendor that is not configured or an image
    /// that is not a picture; then nothing was inserted. `POST /__admin/products` does the same for a server.
    @discardableResult
    public func insert(_ products: [SeedProduct]) throws(SetupError) -> [Int] {
        do {
            return try emulator.insert(products.map(InsertedProduct.init)).map { Int($0) }
        } catch {
            throw SetupError("\(error)")
        }
    }
}

extension InsertedProduct {
    fileprivate init(_ product: OpenMarketEmulator.SeedProduct) {
        self.init(
            id: product.id.map(Int64.init), vendor: product.vendor,
            fields: ProductFields(
                name: product.name, description: product.description, price: product.price, currency: product.currency,
                discountedPrice: product.discountedPrice, stock: Int64(product.stock)),
            registeredAt: product.createdAt?.timeIntervalSince1970, secret: product.secret,
            images: product.images.map { Array($0) })
    }
}
