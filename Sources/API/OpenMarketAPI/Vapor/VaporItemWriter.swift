import OpenMarketStore
import OpenMarketWireFormat

/// v1's item JSON. List items have the keys of the course's `Items.json` in its order
/// (`Tests/Fixtures/Samples/v1-items-page1.mock.json`). The course's `Item.json` was not kept; the detail puts the two
/// keys docs/wire-format.md §2.2 adds where they belong in that order: `descriptions` after `title`, `images` after `thumbnails`.
struct VaporItemWriter: Sendable {
    let base: BaseURL

    func detail(_ item: Product) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 512 + item.images.count * 200)
        write(item, detailed: true, into: &writer)
        return writer.bytes
    }

    func page(_ number: Int, items: [Product]) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 64 + items.count * 400)
        writer.beginObject()
        writer.field("page", number)
        writer.key("items")
        writer.beginArray()
        for item in items {
            write(item, detailed: false, into: &writer)
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    private func write(_ item: Product, detailed: Bool, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", item.id)
        writer.field("title", item.name)
        if detailed {
            writer.field("descriptions", item.description)
        }
        writer.field("price", Self.whole(item.price))
        writer.field("currency", item.currency)
        writer.field("stock", item.stock)
        if let discount = item.discountedPrice {
            writer.field("discounted_price", Self.whole(discount))
        }
        writeURLs("thumbnails", of: item.images, at: \.thumbnailKey, into: &writer)
        if detailed {
            writeURLs("images", of: item.images, at: \.originKey, into: &writer)
        }
        writer.field("registration_date", item.registeredAt, .swiftPlain)
        writer.endObject()
    }

    private func writeURLs(
        _ name: StaticString, of images: [ImageRecord], at key: KeyPath<ImageRecord, String>, into writer: inout JSONWriter
    ) {
        writer.key(name)
        writer.beginArray()
        for image in images {
            writer.value(base.url(forKey: image[keyPath: key]))
        }
        writer.endArray()
    }

    /// v1 stores only whole amounts within ±2^53, so this is exact; the clamp only keeps a database edited by
    /// hand from trapping.
    private static func whole(_ amount: Double) -> Int64 {
        let limit = Double(VaporItemForm.largestAmount)
        return amount.isNaN ? 0 : Int64(min(max(amount, -limit), limit).rounded(.towardZero))
    }
}
