import OpenMarketHTTPTestSupport
import OpenMarketStore

/// Sample values for store tests; image keys are derived from a tag so each test picks unique ones.
enum Fixture {
    /// Every byte value, then a tag-dependent tail, so two images never share bytes.
    static func imageBytes(_ tag: String) -> [UInt8] {
        (0...255).map(UInt8.init) + Array(tag.utf8)
    }

    static func image(_ tag: String, fileExtension: String? = "png") -> NewImage {
        NewImage(
            bytes: imageBytes(tag), mediaType: "image/png", fileExtension: fileExtension,
            originKey: "training-resources/1/20240207/\(tag)_origin.png",
            thumbnailKey: "training-resources/1/20240207/\(tag)_thumb.png"
        )
    }

    static func product(_ name: String, vendorID: Int64? = nil, discountedPrice: Double? = nil) -> NewProduct {
        NewProduct(
            vendorID: vendorID,
            fields: ProductFields(
                name: name, description: "\(name) description", price: 1_300_000.5, currency: "KRW",
                discountedPrice: discountedPrice, stock: 1_000_000_000_000),
            registeredAt: 1_611_523_563.723_770_1,
            password: vendorID == nil ? "v1-password" : nil, productSecret: vendorID == nil ? nil : "secret-\(name)"
        )
    }

    static let vendors = [
        VendorConfiguration(name: "zhilly", identifier: "id-zhilly", secret: "secret-zhilly"),
        VendorConfiguration(name: "kyo12", identifier: "id-kyo12", secret: "secret-kyo12"),
    ]
}

/// Where a store under test keeps its database: both must behave the same.
enum Location: CustomStringConvertible, CaseIterable {
    case memory
    case file

    var description: String { self == .memory ? "in memory" : "in a file" }

    /// The store and what keeps its file alive.
    func makeStore() throws -> (MarketStore, TemporaryDirectory?) {
        switch self {
        case .memory:
            return (try MarketStore(path: ":memory:"), nil)
        case .file:
            let directory = try TemporaryDirectory()
            return (try MarketStore(path: directory.path("store.sqlite"), readers: 2), directory)
        }
    }
}
