import OpenMarketStore
import OpenMarketWireFormat

/// A page of the API's own list JSON used as a fixture: v2's `{"pages": [...]}` (either dialect) or v1's
/// `{"items": [...]}`, as captured from the real server or taken from the course's mock JSON. Other keys of the
/// page are ignored. Image URLs cannot be fetched offline, so each becomes a drawn placeholder picture.
enum APIPageFixture {
    /// v1 has no vendors, so products from a v1 page share this password.
    static let v1Password = "password"

    /// nil when the document is neither kind of page.
    static func read(_ root: FixtureNode) throws(FixtureError) -> SeedCatalogue? {
        guard case .object(let object) = root.value else { return nil }
        if let pages = object["pages"] {
            return try readV2(FixtureNode(value: pages, path: "pages"))
        }
        if let items = object["items"] {
            return try readV1(FixtureNode(value: items, path: "items"))
        }
        return nil
    }

    private static func readV2(_ pages: FixtureNode) throws(FixtureError) -> SeedCatalogue {
        var vendors: [VendorConfiguration] = []
        var products: [SeedProduct] = []
        for node in try pages.elements() {
            let members = try fields(of: node)
            let id = try members.required("id", node).integer(atLeast: 1)
            let vendorID = try members.required("vendor_id", node).integer(atLeast: 1)
            let vendor = VendorConfiguration(
                name: try members["vendorName"]?.nonEmptyString() ?? "vendor \(vendorID)",
                identifier: "page-vendor-\(vendorID)", secret: "page-vendor-\(vendorID)-secret")
            if !vendors.contains(where: { $0.identifier == vendor.identifier }) {
                vendors.append(vendor)
            }
            let name = try members.required("name", node).string()
            let day = members["issued_at"] ?? members["created_at"]
            products.append(SeedProduct(
                id: id, vendor: vendor.identifier,
                fields: ProductFields(
                    name: name, description: try members["description"]?.string() ?? name,
                    price: try members.required("price", node).number(),
                    currency: try members.required("currency", node).nonEmptyString(),
                    discountedPrice: try members["discounted_price"]?.number(),
                    stock: try members["stock"]?.integer(atLeast: 0) ?? 0),
                registeredAt: try day.map(seoulDay),
                images: placeholders(count: 1, productID: id)))
        }
        return SeedCatalogue(vendors: vendors, products: products)
    }

    private static func readV1(_ items: FixtureNode) throws(FixtureError) -> SeedCatalogue {
        var products: [SeedProduct] = []
        for node in try items.elements() {
            let members = try fields(of: node)
            let id = try members.required("id", node).integer(atLeast: 1)
            let title = try members.required("title", node).string()
            let thumbnails = try members["thumbnails"]?.elements() ?? []
            products.append(SeedProduct(
                id: id, vendor: nil,
                fields: ProductFields(
                    name: title, description: try members["descriptions"]?.string() ?? title,
                    price: try members.required("price", node).number(),
                    currency: try members.required("currency", node).nonEmptyString(),
                    discountedPrice: try members["discounted_price"]?.number(),
                    stock: try members["stock"]?.integer(atLeast: 0) ?? 0),
                registeredAt: try members["registration_date"]?.number(),
                images: placeholders(count: max(thumbnails.count, 1), productID: id),
                password: v1Password))
        }
        return SeedCatalogue(vendors: [], products: products)
    }

    /// Every key of a list item; the page's own keys vary by generation, so none is refused.
    private static func fields(of node: FixtureNode) throws(FixtureError) -> [String: FixtureNode] {
        guard case .object(let object) = node.value else { throw node.expected("an object (a product of the page)") }
        return Dictionary(object.members.map { ($0.key, FixtureNode(value: $0.value, path: node.child($0.key))) }) { first, _ in first }
    }

    /// v2's `created_at` and `issued_at` are a day in Seoul without a zone (`2023-05-24T00:00:00`, `...00.00`).
    private static func seoulDay(_ node: FixtureNode) throws(FixtureError) -> Double {
        let text = try node.string()
        guard let seconds = try? ISO8601Instant.parse(text + "+09:00") else {
            throw node.expected("a date such as \"2023-05-24T00:00:00\"")
        }
        return seconds
    }

    private static func placeholders(count: Int, productID: Int64) -> [SeedImage] {
        let palette = DemoPalettes.all[Int(productID % Int64(DemoPalettes.all.count))]
        return (0..<min(count, 5)).map { variant in
            let picture = ProductPicture(kind: .placeholder, palette: palette, variant: variant, seed: UInt64(productID))
            return SeedImage(bytes: picture.pngBytes(), mediaType: "image/png", fileExtension: "png")
        }
    }
}

private extension [String: FixtureNode] {
    func required(_ key: String, _ parent: FixtureNode) throws(FixtureError) -> FixtureNode {
        try self[key].required(key, in: parent)
    }
}
