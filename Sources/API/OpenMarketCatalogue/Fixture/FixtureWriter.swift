#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif
package import OpenMarketStore
import OpenMarketWireFormat

/// `openmarket export`: the store as a fixture, `DIR/fixture.json` and the images under `DIR/images/`. Besides
/// the fixture format it writes what makes a new store answer byte for byte the same: image entries as
/// `{"path", "id", "originKey", "thumbnailKey"}`, `registeredAt` as Unix seconds with every digit, and
/// `thumbnailImageID` when the thumbnail is not the first image.
package enum FixtureWriter {
    package static let fileName = "fixture.json"
    static let imageFolder = "images"
    private static let pageSize = 200

    /// Returns how many products were written.
    package static func write(_ store: MarketStore, to directory: URL) throws -> Int {
        let images = directory.appendingPathComponent(imageFolder)
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        let vendors = try store.allVendors()
        let identifiers = Dictionary(uniqueKeysWithValues: vendors.map { ($0.id, $0.identifier) })

        var lines: [String] = []
        var offset = 0
        while true {
            let page = try store.page(offset: offset, limit: pageSize, search: nil, order: .oldestFirst)
            for product in page.products {
                lines.append(try entry(product, vendor: product.vendorID.flatMap { identifiers[$0] }, store, images))
            }
            offset += page.products.count
            if page.products.isEmpty || offset >= page.totalCount { break }
        }
        // One vendor or product per line: small diffs when a fixture is kept under version control.
        let document = "{\"vendors\": \(list(vendors.map(entry))),\n\"products\": \(list(lines))}\n"
        try Data(document.utf8).write(to: directory.appendingPathComponent(fileName))
        return lines.count
    }

    private static func list(_ lines: [String]) -> String {
        lines.isEmpty ? "[]" : "[\n" + lines.joined(separator: ",\n") + "\n]"
    }

    private static func entry(_ vendor: Vendor) -> String {
        var writer = JSONWriter(reservingCapacity: 128)
        writer.beginObject()
        writer.field("name", vendor.name)
        writer.field("identifier", vendor.identifier)
        writer.field("secret", vendor.secret)
        writer.endObject()
        return "  " + String(decoding: writer.bytes, as: UTF8.self)
    }

    private static func entry(_ product: Product, vendor: String?, _ store: MarketStore, _ folder: URL) throws -> String {
        var writer = JSONWriter(reservingCapacity: 1024)
        writer.beginObject()
        writer.field("id", product.id)
        if let vendor { writer.field("vendor", vendor) }
        writer.field("name", product.name)
        writer.field("description", product.description)
        writer.field("price", product.price, .swiftPlain)
        writer.field("currency", product.currency)
        if let discount = product.discountedPrice { writer.field("discountedPrice", discount, .swiftPlain) }
        writer.field("stock", product.stock)
        writer.field("registeredAt", product.registeredAt, .swiftPlain)
        writer.key("images")
        writer.beginArray()
        for image in product.images {
            let path = try saveImage(image, productID: product.id, store, folder)
            writer.beginObject()
            writer.field("path", path)
            writer.field("id", image.id)
            writer.field("originKey", image.originKey)
            writer.field("thumbnailKey", image.thumbnailKey)
            writer.endObject()
        }
        writer.endArray()
        if let secret = product.productSecret { writer.field("secret", secret) }
        if let password = product.password { writer.field("password", password) }
        if let thumbnail = product.thumbnailImageID, thumbnail != product.images.first?.id {
            writer.field("thumbnailImageID", thumbnail)
        }
        writer.endObject()
        return "  " + String(decoding: writer.bytes, as: UTF8.self)
    }

    /// `images/{product id}-{position}.{extension}`: the uploaded file's extension, else one from the bytes, so a
    /// new store takes the same extension back.
    private static func saveImage(_ image: ImageRecord, productID: Int64, _ store: MarketStore, _ folder: URL) throws -> String {
        guard let stored = try store.image(key: image.originKey) else {
            throw FixtureError("products", "the bytes of image \(image.id) of product \(productID) are missing from the store")
        }
        let sniffed = stored.mediaType.split(separator: "/").last.map { $0 == "jpeg" ? "jpg" : String($0) } ?? "bin"
        let name = "\(productID)-\(image.position).\(image.fileExtension ?? sniffed)"
        try Data(stored.bytes).write(to: folder.appendingPathComponent(name))
        return "\(imageFolder)/\(name)"
    }
}
