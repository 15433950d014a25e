import MarketAPI
import MarketStore
import WireFormat

/// v2b's request keys and response bytes, key for key in the order of the captures in the spec's samples.
struct V2bDialect: SpringDialect {
    let descriptionKeys = ["description", "descriptions"]
    let imageLayout: any ImageKeyLayout = V2bImageKeyLayout()

    func writeDetail(_ product: Product, base: BaseURL) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 1024)
        let date = SeoulDate(unixSeconds: product.registeredAt).v2bTimestamp
        writer.beginObject()
        writeScalars(product, date: date, base: base, listing: false, into: &writer)
        writer.key("images")
        writer.beginArray()
        for image in product.images {
            writer.beginObject()
            writer.field("id", image.id)
            writer.field("url", base.url(forKey: image.originKey))
            writer.field("thumbnail_url", base.url(forKey: image.thumbnailKey))
            writer.field("issued_at", date)
            writer.endObject()
        }
        writer.endArray()
        writer.key("vendors")
        writer.beginObject()
        writer.field("id", product.vendorID ?? 0)
        writer.field("name", product.vendorName ?? "")
        writer.endObject()
        writer.endObject()
        return writer.bytes
    }

    func writePage(_ window: PageWindow, products: [Product], base: BaseURL) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 256 + products.count * 640)
        writer.beginObject()
        writer.field("pageNo", window.pageNumber)
        writer.field("itemsPerPage", window.itemsPerPage)
        writer.field("totalCount", window.totalCount)
        writer.field("offset", window.offset)
        writer.field("limit", window.limit)
        writer.field("lastPage", window.lastPage)
        writer.field("hasNext", window.hasNext)
        writer.field("hasPrev", window.hasPrev)
        writer.key("pages")
        writer.beginArray()
        for product in products {
            writer.beginObject()
            writeScalars(
                product, date: SeoulDate(unixSeconds: product.registeredAt).v2bTimestamp, base: base, listing: true,
                into: &writer)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// The keys list items and details share; only list items carry `vendorName`.
    private func writeScalars(_ product: Product, date: String, base: BaseURL, listing: Bool, into writer: inout JSONWriter) {
        let discount = product.discountedPrice ?? 0
        writer.field("id", product.id)
        writer.field("vendor_id", product.vendorID ?? 0)
        if listing {
            writer.field("vendorName", product.vendorName ?? "")
        }
        writer.field("name", product.name)
        writer.field("description", product.description)
        writer.field("thumbnail", product.thumbnail.map { base.url(forKey: $0.thumbnailKey) } ?? "")
        writer.field("currency", product.currency)
        writer.field("price", product.price, .java)
        writer.field("bargain_price", product.price - discount, .java)
        writer.field("discounted_price", discount, .java)
        writer.field("stock", product.stock)
        writer.field("created_at", date)
        writer.field("issued_at", date)
    }
}
