import OpenMarketHTTPTestSupport
import OpenMarketLocking
@testable import OpenMarketStore

/// The store alone, with its search index kept from `indexMinimum` products and extended every `indexExtension`
/// creates, so that short sequences cross both thresholds (the API runs use the real ones).
final class StoreMarket: MarketUnderTest {
    let store: MarketStore
    private let vendors: [Vendor]
    /// With the vendors as configured then, which a restore puts back with the rows.
    private let snapshots = Locked<[String: (StoreSnapshot, [VendorConfiguration])]>([:])
    /// As last configured: a rename keeps the other vendor's earlier rename.
    private let configurations = Locked(EmulatorMarket.vendors)
    /// Only held, so that the folder goes when this does; never used from two threads.
    nonisolated(unsafe) private let folder: TemporaryDirectory?

    init(inFile: Bool = false, indexMinimum: Int = 40, indexExtension: Int = 25) throws {
        folder = inFile ? try TemporaryDirectory() : nil
        store = try MarketStore(
            path: folder?.path("market.sqlite") ?? ":memory:", searchIndexMinimum: indexMinimum,
            searchIndexExtension: indexExtension)
        vendors = try store.upsertVendors(EmulatorMarket.vendors, now: 0)
    }

    func apply(_ operation: MarketOperation) throws -> MarketAnswer {
        switch operation {
        case let .create(name, vendor, images):
            let product = NewProduct(
                vendorID: vendors[vendor].id, fields: Self.fields(name, price: ReferenceMarket.createdPrice),
                registeredAt: 0, password: nil, productSecret: nil)
            return .product(status: 0, item(try store.createProduct(product, images: Self.images(images)), withImages: true))
        case let .patch(id, name, price, _, images):
            let patch = ProductPatch(
                name: name, price: price.map(Double.init), replacementImages: images.map(Self.images))
            return try store.patchProduct(id: id, patch).map { .product(status: 0, item($0, withImages: true)) } ?? .status(404)
        case let .delete(id, _):
            return try store.deleteProduct(id: id).map { .product(status: 0, item($0, withImages: true)) } ?? .status(404)
        case .secretLookup:
            preconditionFailure("a v2 step; the generator gives it to v2 only")
        case let .renameVendor(vendor, name):
            let configured = configurations.withLock { configurations in
                configurations[vendor].name = name
                return configurations
            }
            _ = try store.upsertVendors(configured, now: 0)
            return .status(0)
        case .reset:
            try store.removeAllProducts()
            return .status(0)
        case let .snapshot(name):
            let snapshot = try store.snapshot()
            let configured = configurations.withLock { $0 }
            snapshots.withLock { $0[name] = (snapshot, configured) }
            return .status(0)
        case let .restore(name):
            guard let (snapshot, configured) = snapshots.withLock({ $0[name] }) else { return .status(404) }
            try store.restore(snapshot)
            configurations.withLock { $0 = configured }
            return .status(0)
        case let .insert(first, count, id):
            do {
                return .ids(try store.insert { nextID, nextImageID in
                    (0..<count).map { offset in
                        SeededProduct(
                            id: (id ?? nextID) + Int64(offset),
                            product: NewProduct(
                                vendorID: vendors[0].id,
                                fields: Self.fields(MarketNames.inserted(first + offset), price: ReferenceMarket.insertedPrice),
                                registeredAt: 0, password: nil, productSecret: nil),
                            images: [SeededImage(id: nextImageID + Int64(offset), image: Self.image())],
                            thumbnailImageID: nil)
                    }
                })
            } catch StoreError.productIDTaken {
                return .status(409)
            }
        case let .list(page, size, search):
            guard page >= 1, size >= 0 else { return .status(400) }
            let found = try store.page(offset: (page - 1) * size, limit: size, search: search, order: .newestFirst)
            return .page(
                total: found.totalCount, items: found.products.map { item($0, withImages: false) }, lastPage: nil,
                hasNext: nil, hasPrev: nil)
        case let .detail(id):
            return try store.product(id: id).map { .product(status: 0, item($0, withImages: true)) } ?? .status(404)
        }
    }

    private func item(_ product: Product, withImages: Bool) -> ItemSummary {
        ItemSummary(
            id: product.id, name: product.name, vendor: vendors.firstIndex { $0.id == product.vendorID },
            price: Int(product.fields.price), imageCount: withImages ? product.images.count : nil)
    }

    private static func fields(_ name: String, price: Int) -> ProductFields {
        ProductFields(name: name, description: "made by the model-based test", price: Double(price), currency: "KRW", discountedPrice: nil, stock: 1)
    }

    private static func images(_ count: Int) -> [NewImage] {
        (0..<count).map { _ in image() }
    }

    /// Keys unique per image, as the API makes them.
    private static func image() -> NewImage {
        let key = UInt64.random(in: 0...UInt64.max)
        return NewImage(
            bytes: SampleImages.png, mediaType: "image/png", fileExtension: "png", originKey: "model/\(key)_origin.png",
            thumbnailKey: "model/\(key)_thumb.png")
    }
}
