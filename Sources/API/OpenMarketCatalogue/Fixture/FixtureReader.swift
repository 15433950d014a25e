#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OpenMarketStore
import OpenMarketWireFormat

/// Reads a fixture file into a `SeedCatalogue`, or fails with one message naming the JSON path. Besides the
/// fixture format it takes a page of the API's own JSON (`APIPageFixture`).
package enum FixtureReader {
    package static func read(path: String) throws(FixtureError) -> SeedCatalogue {
        let file = URL(fileURLWithPath: path)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw FixtureError("", "cannot read the file; give the path of a fixture (JSON) file")
        }
        let document: JSONValue
        do {
            document = try JSONReader.parse(Array(data))
        } catch {
            throw FixtureError("", "not valid JSON at byte \(error.offset): \(error.message)")
        }
        let root = FixtureNode(value: document, path: "")
        guard case .object(let object) = document else { throw root.expected("a JSON object") }
        if object["products"] != nil {
            return try read(root, imagesRelativeTo: file.deletingLastPathComponent())
        }
        if let catalogue = try APIPageFixture.read(root) {
            return catalogue
        }
        throw FixtureError(
            "", "expected an object with \"products\" (a fixture), \"pages\" (a v2 list page) or \"items\" (a v1 list page)")
    }

    private static let productKeys = [
        "id", "vendor", "name", "description", "price", "currency", "discountedPrice", "stock", "registeredAt", "images",
        "secret", "password", "thumbnailImageID",
    ]

    private static func read(_ root: FixtureNode, imagesRelativeTo directory: URL) throws(FixtureError) -> SeedCatalogue {
        let members = try root.members(allowed: ["vendors", "products"])
        let vendors = try members["vendors"].map { node throws(FixtureError) in try readVendors(node) } ?? []
        var productIDs: [Int64: String] = [:]
        var imageIDs: [Int64: String] = [:]
        var products: [SeedProduct] = []
        for node in try members["products"].required("products", in: root).elements() {
            let product = try readProduct(node, imagesRelativeTo: directory)
            if let id = product.id {
                if let earlier = productIDs[id] { throw FixtureError(node.child("id"), "\(id) is already the id of \(earlier)") }
                productIDs[id] = node.path
            }
            for (index, image) in product.images.enumerated() {
                guard let id = image.id else { continue }
                let path = "\(node.child("images"))[\(index)].id"
                if let earlier = imageIDs[id] { throw FixtureError(path, "\(id) is already the id of \(earlier)") }
                imageIDs[id] = path
            }
            products.append(product)
        }
        return SeedCatalogue(vendors: vendors, products: products)
    }

    private static func readVendors(_ node: FixtureNode) throws(FixtureError) -> [VendorConfiguration] {
        var identifiers: [String: String] = [:]
        var vendors: [VendorConfiguration] = []
        for element in try node.elements() {
            let members = try element.members(allowed: ["name", "identifier", "secret"])
            let vendor = VendorConfiguration(
                name: try members["name"].required("name", in: element).nonEmptyString(),
                identifier: try members["identifier"].required("identifier", in: element).nonEmptyString(),
                secret: try members["secret"].required("secret", in: element).nonEmptyString())
            if let earlier = identifiers[vendor.identifier] {
                throw FixtureError(element.child("identifier"), "\(MessageQuoting.quoted(vendor.identifier)) is already the identifier of \(earlier)")
            }
            identifiers[vendor.identifier] = element.path
            vendors.append(vendor)
        }
        return vendors
    }

    private static func readProduct(_ node: FixtureNode, imagesRelativeTo directory: URL) throws(FixtureError) -> SeedProduct {
        let members = try node.members(allowed: productKeys)
        func optional<Value>(_ key: String, _ read: (FixtureNode) throws(FixtureError) -> Value) throws(FixtureError) -> Value? {
            guard let member = members[key] else { return nil }
            return try read(member)
        }
        func required<Value>(_ key: String, _ read: (FixtureNode) throws(FixtureError) -> Value) throws(FixtureError) -> Value {
            try read(members[key].required(key, in: node))
        }
        let id = try optional("id") { node throws(FixtureError) in try node.integer(atLeast: 1) }
        let vendor = try optional("vendor") { node throws(FixtureError) in try node.nonEmptyString() }
        let fields = ProductFields(
            name: try required("name") { node throws(FixtureError) in try node.string() },
            description: try required("description") { node throws(FixtureError) in try node.string() },
            price: try required("price") { node throws(FixtureError) in try node.number() },
            currency: try required("currency") { node throws(FixtureError) in try node.nonEmptyString() },
            discountedPrice: try optional("discountedPrice") { node throws(FixtureError) in try node.number() },
            stock: try optional("stock") { node throws(FixtureError) in try node.integer(atLeast: 0) } ?? 0)
        let registeredAt = try optional("registeredAt") { node throws(FixtureError) in try node.instant() }
        let imagesNode = try members["images"].required("images", in: node)
        let images = try imagesNode.elements().map { element throws(FixtureError) in
            try FixtureImage.read(element, relativeTo: directory)
        }
        guard !images.isEmpty else { throw imagesNode.failure("expected at least one image, found an empty array") }
        let thumbnailImageID = try optional("thumbnailImageID") { node throws(FixtureError) in
            let id = try node.integer(atLeast: 1)
            guard images.contains(where: { $0.id == id }) else {
                throw node.failure("\(id) is not the \"id\" of one of this product's images")
            }
            return id
        }
        return SeedProduct(
            id: id, vendor: vendor, fields: fields, registeredAt: registeredAt, images: images,
            secret: try optional("secret") { node throws(FixtureError) in try node.nonEmptyString() },
            password: try optional("password") { node throws(FixtureError) in try node.nonEmptyString() },
            thumbnailImageID: thumbnailImageID)
    }
}
