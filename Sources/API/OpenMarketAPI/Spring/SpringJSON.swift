import OpenMarketStore
import OpenMarketWireFormat

/// Writes v2 pages and details in a generation's `SpringLayout`: prices as Java doubles, `bargain_price` as
/// price minus discount, dates as calendar days, image URLs from the request's base.
struct SpringJSON: Sendable {
    let layout: SpringLayout

    init(layout: SpringLayout) {
        self.layout = layout
    }

    func detail(_ product: Product, base: BaseURL) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 1024)
        write(product, keys: layout.detail, base: base, into: &writer)
        return writer.bytes
    }

    func page(_ window: PageWindow, products: [Product], base: BaseURL) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 256 + products.count * 640)
        writer.beginObject()
        for (key, value) in layout.page {
            writer.key(key)
            switch value {
            case .pageNumber: writer.value(window.pageNumber)
            case .itemsPerPage: writer.value(window.itemsPerPage)
            case .totalCount: writer.value(window.totalCount)
            case .offset: writer.value(window.offset)
            case .limit: writer.value(window.limit)
            case .lastPage: writer.value(window.lastPage)
            case .hasNext: writer.value(window.hasNext)
            case .hasPrev: writer.value(window.hasPrev)
            case .products:
                writer.beginArray()
                for product in products {
                    write(product, keys: layout.listItem, base: base, into: &writer)
                }
                writer.endArray()
            }
        }
        writer.endObject()
        return writer.bytes
    }

    private func write(
        _ product: Product, keys: SpringLayout.Keys<SpringLayout.ProductValue>, base: BaseURL, into writer: inout JSONWriter
    ) {
        let date = layout.date(SeoulDate(unixSeconds: product.registeredAt))
        let discount = product.discountedPrice ?? 0
        writer.beginObject()
        for (key, value) in keys {
            writer.key(key)
            switch value {
            case .id: writer.value(product.id)
            case .vendorID: writer.value(product.vendorID ?? 0)
            case .vendorName: writer.value(product.vendorName ?? "")
            case .name: writer.value(product.name)
            case .description: writer.value(product.description)
            case .thumbnail: writer.value(product.thumbnail.map { base.url(forKey: $0.thumbnailKey) } ?? "")
            case .currency: writer.value(product.currency)
            case .price: writer.value(product.price, .java)
            case .bargainPrice: writer.value(product.price - discount, .java)
            case .discountedPrice: writer.value(discount, .java)
            case .stock: writer.value(product.stock)
            case .createdAt, .issuedAt: writer.value(date)
            case .images: writeImages(product.images, date: date, base: base, into: &writer)
            case .vendor: writeVendor(of: product, into: &writer)
            }
        }
        writer.endObject()
    }

    private func writeImages(_ images: [ImageRecord], date: String, base: BaseURL, into writer: inout JSONWriter) {
        writer.beginArray()
        for image in images {
            writer.beginObject()
            for (key, value) in layout.image {
                writer.key(key)
                switch value {
                case .id: writer.value(image.id)
                case .url: writer.value(base.url(forKey: image.originKey))
                case .thumbnailURL: writer.value(base.url(forKey: image.thumbnailKey))
                // Every image the emulator stores has been stored whole.
                case .succeeded: writer.value(true)
                case .issuedAt: writer.value(date)
                }
            }
            writer.endObject()
        }
        writer.endArray()
    }

    private func writeVendor(of product: Product, into writer: inout JSONWriter) {
        let date = layout.date(SeoulDate(unixSeconds: product.vendorCreatedAt ?? product.registeredAt))
        writer.beginObject()
        for (key, value) in layout.vendor {
            writer.key(key)
            switch value {
            case .id: writer.value(product.vendorID ?? 0)
            case .name: writer.value(product.vendorName ?? "")
            case .createdAt, .issuedAt: writer.value(date)
            }
        }
        writer.endObject()
    }
}
