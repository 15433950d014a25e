package import OpenMarketStore

/// A product to add to a running store, in the words of v2 (`OpenMarketEmulator.SeedProduct`, or an entry of
/// `POST /__admin/products`): on v1 `name` is the title and `secret` the item's password, on v2a `secret` is the
/// product's own secret. Images are raw bytes; `ProductInsertion` checks that each is a picture.
package struct InsertedProduct: Sendable {
    package var id: Int64?
    /// A configured vendor's identifier (v2); nil: the default vendor.
    package var vendor: String?
    package var fields: ProductFields
    /// Unix seconds; nil: the time of the insert.
    package var registeredAt: Double?
    package var secret: String?
    package var images: [[UInt8]]

    package init(
        id: Int64?, vendor: String?, fields: ProductFields, registeredAt: Double?, secret: String?, images: [[UInt8]]
    ) {
        self.id = id
        self.vendor = vendor
        self.fields = fields
        self.registeredAt = registeredAt
        self.secret = secret
        self.images = images
    }
}

/// Adds products to a running emulator's store and returns their ids in order (its `ProductInsertion`), for
/// `POST /__admin/products` and `OpenMarketEmulator.insert`; throws `InsertionError` for a product it cannot add.
package typealias InsertProducts = @Sendable (
    _ products: [InsertedProduct], _ allowingWhatTheAPIRefuses: Bool
) throws -> [Int64]

/// Why products could not be added: which one (its position in the call and its name) and what to change.
/// Nothing was written.
package struct InsertionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The product's position in the list given, from 0.
    package let index: Int
    package let name: String
    package let reason: String
    /// Whether the product's id is taken, the one failure that is not the product's own (a conflict with the store).
    package let isIDTaken: Bool

    package init(index: Int, name: String, reason: String, isIDTaken: Bool = false) {
        self.index = index
        self.name = name
        self.reason = reason
        self.isIDTaken = isIDTaken
    }

    package var description: String {
        "product \(index) (\"\(name)\"): \(reason); nothing was inserted"
    }
}
