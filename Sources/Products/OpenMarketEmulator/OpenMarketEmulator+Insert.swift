import Foundation
import OpenMarketCatalogue
public import OpenMarketClient
import OpenMarketEmulatorCore
import OpenMarketStore

extension OpenMarketEmulator {
    /// Adds `products` to the store, in one transaction, and returns their ids in order. Throws ``SetupError``,
    /// naming the product and what to change, for an id that is taken, a vendor that is not configured, an image
    /// that is not a picture, or anything the generation's API refuses of a create (in the API's words: a v1 price
    /// with a fraction, a currency v2 does not take, what `strict` refuses); then nothing was inserted.
    /// `allowingWhatTheAPIRefuses` inserts what the API refuses all the same, for a test that needs data the API
    /// could not make. `POST /__admin/products` does the same for a server.
    @discardableResult
    public func insert(
        _ products: [SeedProduct], allowingWhatTheAPIRefuses: Bool = false
    ) throws(SetupError) -> [Int] {
        do {
            return try emulator.insert(
                products.map(InsertedProduct.init), allowingWhatTheAPIRefuses: allowingWhatTheAPIRefuses
            ).map { Int($0) }
        } catch {
            throw SetupError("\(error)")
        }
    }
}

extension InsertedProduct {
    init(_ product: OpenMarketEmulator.SeedProduct) {
        self.init(
            id: product.id.map(Int64.init), vendor: product.vendor,
            fields: ProductFields(
                name: product.name, description: product.description, price: product.price, currency: product.currency,
                discountedPrice: product.discountedPrice, stock: Int64(product.stock)),
            registeredAt: product.createdAt?.timeIntervalSince1970, secret: product.secret,
            images: product.images.map { Array($0) })
    }
}
