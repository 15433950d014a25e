import OpenMarketHTTPCore
import OpenMarketStore
import OpenMarketWireFormat

/// The store's products in one shape for every generation, for the page's grid: what an app shows, with each
/// image at an admin URL, so looking at the store never goes through (or into the journal of) the API.
enum AdminProductJSON {
    static func page(_ page: ProductPage, query: ProductPageQuery) -> Response {
        AdminJSON.response { json in
            json.object { json in
                json.key("products")
                json.array { json in
                    for product in page.products {
                        json.object { summary(&$0, product) }
                    }
                }
                json.field("page", query.page)
                json.field("size", query.size)
                json.field("total", page.totalCount)
            }
        }
    }

    /// 201 with the ids of the products `POST /__admin/products` added, in the order they were given.
    static func inserted(_ ids: [Int64]) -> Response {
        AdminJSON.response(status: .created) { json in
            json.object { json in
                json.key("ids")
                json.array { json in ids.forEach { json.value($0) } }
            }
        }
    }

    static func detail(_ product: Product) -> Response {
        AdminJSON.response { json in
            json.object { json in
                summary(&json, product)
                json.field("description", product.description)
                json.key("images")
                json.array { json in
                    for image in product.images {
                        json.object { json in
                            json.field("position", image.position)
                            json.field("mediaType", image.mediaType)
                            json.field("bytes", image.byteCount)
                            json.field("url", imageURL(product.id, position: image.position))
                        }
                    }
                }
            }
        }
    }

    static func imageURL(_ productID: Int64, position: Int) -> String {
        "/__admin/products/\(productID)/images/\(position)"
    }

    /// `adminImageURLs: false` leaves out the thumbnail's admin URL, for a team's view whose students cannot open it.
    static func summary(_ json: inout JSONWriter, _ product: Product, adminImageURLs: Bool = true) {
        json.field("id", product.id)
        if let vendor = product.vendorName {
            json.field("vendor", vendor)
        }
        json.field("name", product.name)
        json.field("currency", product.currency)
        json.field("price", product.price, .java)
        let discount = product.discountedPrice ?? 0
        json.field("discountedPrice", discount, .java)
        json.field("bargainPrice", product.price - discount, .java)
        json.field("stock", product.stock)
        json.field("registeredAt", UTCTimestamp.format(product.registeredAt))
        json.field("imageCount", product.images.count)
        if adminImageURLs, let thumbnail = product.thumbnail {
            json.field("thumbnail", imageURL(product.id, position: thumbnail.position))
        }
    }
}
